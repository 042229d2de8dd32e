// "{name}" placeholders filled from params; shared by the server and the browser, and by both
// message tables (the customer pages' ./messages.ts and the dashboard's ./dashboard/).
export type TranslateWith<K extends string> = (key: K, params?: Record<string, string | number>) => string;

export function translateWith<K extends string>(table: Record<K, string>): TranslateWith<K> {
  return (key, params) => table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? `{${name}}`));
}
