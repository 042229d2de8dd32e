// One documented case: the request sent and the answer it gets.
import type { ExampleCase } from "./described-operation";

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

export function ExampleView({ example }: { example: ExampleCase }) {
  const { request } = example;
  const headerLines = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  if (!request.anonymous) headerLines.unshift("Authorization: Bearer $TOKEN");
  const requestText = [request.path, ...headerLines, ...(request.body === undefined ? [] : ["", show(request.body)])].join("\n");
  return (
    <details>
      <summary>
        <strong>{example.status}</strong> <code>{example.name}</code>: {example.summary}
      </summary>
      {example.description ? <p>{example.description}</p> : null}
      <p>Request</p>
      <pre>{requestText}</pre>
      <p>Answer</p>
      <pre>{example.response === undefined ? "(no body)" : show(example.response)}</pre>
    </details>
  );
}
