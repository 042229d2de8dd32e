// A staff request named something that does not exist. Thrown by the dashboard's operations
// before the database would answer with a foreign-key violation (a 500); the router turns it
// into NOT_FOUND (404).
export class UnknownId extends Error {
  constructor(readonly what: "lead" | "order" | "staff member" | "delivery" | "assignment rule" | "chat channel" | "merge" | "guide" | "task" | "saved view") {
    super(`no ${what} with this id`);
  }
}
