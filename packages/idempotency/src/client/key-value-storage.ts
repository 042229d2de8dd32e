// The part of Web Storage (localStorage) the client uses; tests and other hosts may pass their own.
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
