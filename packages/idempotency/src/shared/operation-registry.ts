// The operations an application makes exactly-once, declared once and shared by server and
// browser: each has a type (part of the scope), an input schema (any Standard Schema: zod,
// valibot, …) and the fields of its fingerprint. The browser's submission engine takes its
// type list, schemas and fingerprints from this object (`client/`). The server runs each
// operation's business function through `runOnce` (`server/run-once.ts`), under an
// `IdempotentOperation` that names the same type and fingerprint.
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { computeFingerprint, type FingerprintSpec } from "./fingerprint.ts";

export interface OperationSpec<Input extends object = object> {
  /** Validates and normalises the operation's business parameters (not the key). */
  input: StandardSchemaV1<unknown, Input>;
  /** Which of the parameters make "the same operation". */
  fingerprint: FingerprintSpec<Input>;
}

/** What any entry looks like, whatever its parameters (the registry's constraint). */
export interface AnyOperationSpec {
  input: StandardSchemaV1<unknown, object>;
  fingerprint: { readonly fields: readonly string[]; nullEqualsMissing?: boolean };
}

/** The parameters an operation's schema produces. */
export type InputOf<Spec> = Spec extends { input: StandardSchemaV1<unknown, infer Input> } ? Input : never;

export interface OperationRegistry<Specs extends Record<string, AnyOperationSpec>> {
  readonly specs: Specs;
  /** Every operation type, in declaration order (e.g. for an enum in a schema). */
  readonly types: readonly [keyof Specs & string, ...(keyof Specs & string)[]];
  isType(value: unknown): value is keyof Specs & string;
  /** The fingerprint of `input` (already parsed by the operation's schema). */
  fingerprint<Type extends keyof Specs & string>(type: Type, input: InputOf<Specs[Type]>): string;
}

export function defineOperations<const Specs extends Record<string, AnyOperationSpec>>(specs: Specs): OperationRegistry<Specs> {
  const types = Object.keys(specs) as (keyof Specs & string)[];
  if (types.length === 0) throw new TypeError("defineOperations needs at least one operation");
  return {
    specs,
    types: types as [keyof Specs & string, ...(keyof Specs & string)[]],
    isType: (value): value is keyof Specs & string => typeof value === "string" && Object.hasOwn(specs, value),
    fingerprint: (type, input) => computeFingerprint(specs[type]!.fingerprint as FingerprintSpec<object>, input as object),
  };
}
