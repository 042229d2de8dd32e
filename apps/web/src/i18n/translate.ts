// "{name}" placeholders filled from params; shared by the server and the browser.
import type { Messages, Translate } from "./messages";

export function translateWith(table: Messages): Translate {
  return (key, params) => table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? `{${name}}`));
}
