import { describeStoreContract } from "../testing/store-contract.ts";
import { createMemoryStore } from "./memory-store.ts";

describeStoreContract("in memory", () => {
  const store = createMemoryStore();
  const rows: string[] = [];
  return {
    store,
    write(tx, label) {
      const id = `${label}#${rows.length}-${Math.random().toString(36).slice(2)}`;
      tx.onCommit(() => rows.push(label));
      return Promise.resolve(id);
    },
    count: (label) => Promise.resolve(rows.filter((r) => r === label).length),
    waitingClaims: () => Promise.resolve(store.waitingClaims()),
  };
});
