// The browser's operations in storage (localStorage): pending ones survive a reload or closing
// the tab and are continued by whichever tab opens next; final ones keep only what identifies
// them (./redact.ts). Every save is written at once: a timer-throttled write (TanStack's stock
// sync-storage persister) lost an operation made offline and followed by a reload inside its
// window. The state is a handful of small records, so writing it synchronously is cheap.
import type { AnyOperationSpec, InputOf, OperationRegistry } from "../shared/operation-registry.ts";
import type { KeyValueStorage } from "./key-value-storage.ts";
import type { PendingOperation } from "./pending-operation.ts";
import { redactFinal } from "./redact.ts";
import { STORE_FORMAT_VERSION, type StoredOperations } from "./stored-format.ts";

/** What a final operation keeps: per type, the non-personal parameters; of a result, its identifying fields. */
export interface KeptFields<Specs extends Record<string, AnyOperationSpec>> {
  params?: { readonly [T in keyof Specs & string]?: readonly (keyof InputOf<Specs[T]> & string)[] };
  result: readonly string[];
}

export interface OperationStoreOptions<Specs extends Record<string, AnyOperationSpec>> {
  storage: KeyValueStorage;
  /** The storage entry's name. */
  key: string;
  registry: OperationRegistry<Specs>;
  keep: KeptFields<Specs>;
}

export interface OperationStore {
  /** Writes the snapshot now, in this format's version, final operations without their personal fields. */
  save(snapshot: StoredOperations): void;
  /**
   * The stored snapshot, or undefined (none, unreadable, or another format: dropped). What an
   * earlier version stored with personal fields is redacted and written back.
   */
  load<S extends StoredOperations = StoredOperations>(): S | undefined;
  remove(): void;
}

export function createOperationStore<Specs extends Record<string, AnyOperationSpec>>({
  storage,
  key,
  registry,
  keep,
}: OperationStoreOptions<Specs>): OperationStore {
  const isOperation = (value: unknown): value is PendingOperation =>
    !!value && typeof value === "object" && registry.isType((value as PendingOperation).type) && typeof (value as PendingOperation).key === "string";
  const redact = <S extends StoredOperations>(snapshot: S) => redactFinal(snapshot, isOperation, keep);
  const write = (snapshot: StoredOperations) => {
    try {
      storage.setItem(key, JSON.stringify(snapshot));
    } catch {
      // Storage full or disabled (private mode): operations still run, only without reload safety.
    }
  };
  return {
    save: (snapshot) => write(redact({ ...snapshot, buster: STORE_FORMAT_VERSION })),
    load<S extends StoredOperations>() {
      const raw = storage.getItem(key);
      if (!raw) return undefined;
      let stored: S;
      try {
        stored = JSON.parse(raw) as S;
      } catch {
        storage.removeItem(key);
        return undefined;
      }
      if (stored?.buster !== STORE_FORMAT_VERSION || !stored.clientState) {
        storage.removeItem(key);
        return undefined;
      }
      const redacted = redact(stored);
      if (redacted !== stored) write(redacted);
      return redacted;
    },
    remove: () => storage.removeItem(key),
  };
}
