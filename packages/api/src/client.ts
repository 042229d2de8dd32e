// What browser code may import from the API package: types only, and the transformer that
// client and server must agree on.
export type { AppRouter } from "./root.ts";
export type { GuideSummary } from "./catalog/list-guides.ts";
export { default as transformer } from "superjson";
