// Test double for the server side of the protocol, behind an OperationTransport: one record
// per (principal, key) with the fingerprint of the parameters, replayed on a repeat, 422 for
// the key with other parameters, 404 from the look-up for a key it never saw. The principal
// is whichever session the test says the browser is in. `next` scripts what the next sends
// meet: an answer lost after the commit, or a failure before the server acts.
import type { AttemptFailure } from "../classification.ts";
import type { PendingOperation } from "../pending-operation.ts";
import type { Confirmation, OperationStatus, OperationTransport } from "../transport.ts";
import { testOperations, type TestType } from "./test-registry.ts";

export class FakeAnswer extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(`answered ${failure.status ?? "nothing"}`);
  }
}

interface StoredRecord {
  fingerprint: string;
  status: OperationStatus;
}

export function fakeServer() {
  const records = new Map<string, StoredRecord>();
  const executed: { principal: string; key: string; params: Record<string, unknown> }[] = [];
  const sent: string[] = [];
  const lookedUp: { key: string; fingerprint: string }[] = [];
  const next: ("answer lost" | AttemptFailure)[] = [];
  let principal = "customer:a";

  const fingerprintOf = (operation: PendingOperation<TestType>) => {
    const parsed = testOperations.specs[operation.type].input["~standard"].validate(operation.params);
    if (parsed instanceof Promise || parsed.issues) throw new FakeAnswer({ status: 400, code: "VALIDATION_FAILED", retryable: false });
    return testOperations.fingerprint(operation.type, parsed.value);
  };

  // What the server does with a send; throws what the browser would meet instead of an answer.
  const answer = (operation: PendingOperation<TestType>): Confirmation => {
    sent.push(operation.key);
    const scripted = next.shift();
    if (scripted && scripted !== "answer lost") throw new FakeAnswer(scripted);
    const fingerprint = fingerprintOf(operation);
    const id = `${principal}/${operation.key}`;
    let record = records.get(id);
    if (record && record.fingerprint !== fingerprint) {
      const { status, resultId, outcome } = record.status;
      throw new FakeAnswer({ status: 422, code: "IDEMPOTENCY_KEY_REUSED", retryable: false, boundTo: { status: status ?? 0, resultId, outcome } });
    }
    const replayed = record !== undefined;
    if (!record) {
      executed.push({ principal, key: operation.key, params: operation.params });
      const result = { id: `result-${executed.length}`, number: `SO-${String(executed.length).padStart(6, "0")}` };
      record = { fingerprint, status: { outcome: "completed", status: 201, resultId: result.id, result, fingerprintMatches: null } };
      records.set(id, record);
    }
    if (scripted === "answer lost") throw new TypeError("Failed to fetch");
    return { body: record.status.result, replayed };
  };

  const transport: OperationTransport<TestType> = {
    send: (operation) => new Promise((resolve) => resolve(answer(operation))),
    lookUp: ({ key, fingerprint }) =>
      new Promise((resolve) => {
        lookedUp.push({ key, fingerprint });
        const record = records.get(`${principal}/${key}`);
        if (!record) throw new FakeAnswer({ status: 404, code: "NOT_FOUND", retryable: false });
        resolve({ ...record.status, fingerprintMatches: fingerprint === record.fingerprint });
      }),
    describe: (error) => (error instanceof FakeAnswer ? error.failure : {}),
  };

  return {
    transport,
    executed,
    sent,
    lookedUp,
    next,
    /** The browser now holds another session (another principal, for the server). */
    switchPrincipal: (to: string) => void (principal = to),
    /** A record made elsewhere (another client, or long ago) for this principal. */
    store: (operation: PendingOperation<TestType>, status: OperationStatus) =>
      void records.set(`${principal}/${operation.key}`, { fingerprint: fingerprintOf(operation), status }),
  };
}
