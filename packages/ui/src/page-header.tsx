// A page's title and its one-line introduction.
import type { ReactNode } from "react";

export function PageHeader({ title, lead, eyebrow }: { title: ReactNode; lead?: ReactNode; eyebrow?: ReactNode }) {
  return (
    <header className="mb-6 space-y-2 sm:mb-8">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand">{eyebrow}</p> : null}
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
      {lead ? <p className="max-w-2xl text-base text-ink-muted">{lead}</p> : null}
    </header>
  );
}
