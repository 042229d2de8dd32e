// A documented request as the curl command that sends it, ready to paste into a POSIX shell
// after the quick start's BASE and TOKEN (the example's own key and body, quoted so the shell
// passes them unchanged).
import type { ExampleRequest } from "@once/api/rest";

/** Single quotes keep everything literal; a quote inside is closed, escaped and reopened. */
export const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

export function curlCommand(request: Pick<ExampleRequest, "method" | "url" | "headers" | "body" | "anonymous">): string {
  const { method, url } = request;
  // "$BASE" must expand; the rest of the address is quoted literally unless it is plainly safe.
  const address = /^[\w/.?=&{}%:~-]*$/.test(url) ? `"$BASE${url}"` : `"$BASE"${shellQuote(url)}`;
  const lines = [`curl -i${method === "GET" ? "" : ` -X ${method}`} ${address}`];
  // $TOKEN must expand too: double quotes.
  if (!request.anonymous) lines.push(`-H "Authorization: Bearer $TOKEN"`);
  for (const [name, value] of Object.entries(request.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`--data-raw ${shellQuote(request.body)}`);
  return lines.join(" \\\n  ");
}
