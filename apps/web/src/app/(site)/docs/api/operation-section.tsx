// One operation of the description: what it does, its parameters and answers, and every
// documented case as an example.
import type { DescribedOperation } from "./described-operation";
import { exampleCases } from "./described-operation";
import { ExampleView } from "./example-view";

export function OperationSection({
  method,
  path,
  op,
  schemaOf,
}: {
  method: string;
  path: string;
  op: DescribedOperation;
  schemaOf: (schema: unknown) => unknown;
}) {
  const id = op.operationId;
  const body = op.requestBody?.content["application/json"];
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        <code>
          {method.toUpperCase()} {path}
        </code>{" "}
        — {op.summary}
      </h2>
      <p>{op.description}</p>
      <p>
        <code>operationId: {id}</code>. {op.security?.length ? "Needs a session (bearer token or cookie)." : "No session needed."}
      </p>
      {op.parameters?.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">parameter</th>
              <th scope="col">in</th>
              <th scope="col">meaning</th>
            </tr>
          </thead>
          <tbody>
            {op.parameters.map((p) => (
              <tr key={`${p.in} ${p.name}`}>
                <td>
                  <code>{p.name}</code>
                  {p.required ? " (required)" : ""}
                </td>
                <td>{p.in}</td>
                <td>{p.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {body ? (
        <details>
          <summary>Request body schema</summary>
          <pre>{JSON.stringify(schemaOf(body.schema), null, 2)}</pre>
        </details>
      ) : null}
      <table>
        <thead>
          <tr>
            <th scope="col">status</th>
            <th scope="col">meaning</th>
            <th scope="col">headers</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(op.responses).map(([status, response]) => (
            <tr key={status}>
              <td>{status}</td>
              <td>{response.description}</td>
              <td>{Object.keys(response.headers ?? {}).join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Examples</h3>
      {exampleCases(method, path, op).map((example) => (
        <ExampleView key={`${example.status} ${example.name}`} example={example} />
      ))}
    </section>
  );
}
