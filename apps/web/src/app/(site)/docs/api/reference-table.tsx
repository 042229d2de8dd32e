// The reference's tables (parameters, fields, responses): two ruled columns, a name and what it
// means, with room around each cell so nothing runs together. Two columns fit a phone's width
// with the text wrapping (a long constant breaks rather than widen the table); anything wider
// still scrolls sideways inside the table's own region (which takes the focus, so a keyboard
// can scroll it too), never the page.
import type { ReactNode } from "react";

export function ReferenceTable({ label, head, children }: { label: string; head: [ReactNode, ReactNode]; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="my-3 overflow-x-auto rounded-control border border-line bg-surface">
      <table className="w-full min-w-[20rem] border-collapse text-start text-sm [&_td]:border-t [&_td]:border-line [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_td+td]:border-s [&_td+td]:[overflow-wrap:anywhere] [&_th]:bg-surface-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-start [&_th]:font-semibold [&_th]:whitespace-nowrap [&_th]:text-ink-muted [&_th+th]:border-s [&_th+th]:border-line">
        <thead>
          <tr>
            <th scope="col" className="w-0">
              {head[0]}
            </th>
            <th scope="col">{head[1]}</th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The first cell of a row: the name, and under it its kind (a type, where a parameter goes) and whether it is required. */
export function NameCell({ name, kind, required }: { name: string; kind?: string; required?: string }) {
  return (
    // On one line each from small screens up; on a phone the type and "required" may go on two.
    <td className="sm:whitespace-nowrap">
      <code className="font-mono text-[0.8125rem] font-semibold whitespace-nowrap text-ink">{name}</code>
      {kind || required ? (
        <span className="mt-0.5 block text-xs text-ink-muted">
          {kind ? <span className="font-mono whitespace-nowrap">{kind}</span> : null}
          {kind && required ? " · " : null}
          {required ? <span className="whitespace-nowrap text-danger">{required}</span> : null}
        </span>
      ) : null}
    </td>
  );
}
