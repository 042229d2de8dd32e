import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeFingerprint, fingerprintMaterial, type FingerprintSpec } from "./fingerprint.ts";

interface OrderParams {
  item: string;
  quantity: number;
  contact?: { name: string; phone: string } | null;
  // technical fields, never part of the fingerprint
  idemKey?: string;
  traceId?: string;
  sentAt?: string;
}
const spec: FingerprintSpec<OrderParams> = { fields: ["item", "quantity", "contact"] };

const contact = fc.option(fc.record({ name: fc.string({ maxLength: 20 }), phone: fc.string({ maxLength: 20 }) }), { nil: undefined });
const params = fc.record({ item: fc.string({ maxLength: 30 }), quantity: fc.integer({ min: 1, max: 99 }), contact });

function shuffleKeys<T extends object>(value: T, seed: number): T {
  if (Array.isArray(value) || value === null || typeof value !== "object") return value;
  const entries = Object.entries(value);
  const rotated = entries.map((_, i) => entries[(i + seed) % entries.length]!).reverse();
  return Object.fromEntries(rotated.map(([k, v]) => [k, shuffleKeys(v as object, seed + 1)])) as T;
}

describe("fingerprint", () => {
  it("is versioned SHA-256 of RFC 8785 canonical JSON", () => {
    const fp = computeFingerprint(spec, { item: "sample-guide", quantity: 1 });
    expect(fp).toMatch(/^v1:[0-9a-f]{64}$/);
    expect(fingerprintMaterial(spec, { quantity: 1, item: "sample-guide" })).toBe('{"item":"sample-guide","quantity":1}');
    // sha256('{"item":"sample-guide","quantity":1}'), computed independently with sha256sum
    expect(fp).toBe("v1:acd9219633de73252e8b020bf21f22eeecaf164a04c5a06fa4eb1cb428939476");
  });

  it("does not depend on property order, at any depth", () => {
    fc.assert(
      fc.property(params, fc.nat(10), (p, seed) => {
        expect(computeFingerprint(spec, shuffleKeys(p, seed))).toBe(computeFingerprint(spec, p));
      }),
    );
  });

  it("ignores the key, trace ids, timestamps and other technical fields", () => {
    fc.assert(
      fc.property(params, fc.string(), fc.string(), fc.date({ noInvalidDate: true }), (p, key, trace, at) => {
        const noisy = { ...p, idemKey: key, traceId: trace, sentAt: at.toISOString() };
        expect(computeFingerprint(spec, noisy)).toBe(computeFingerprint(spec, p));
      }),
    );
  });

  it("changes when any business field changes", () => {
    fc.assert(
      fc.property(params, params, (a, b) => {
        fc.pre(JSON.stringify(fingerprintMaterial(spec, a)) !== JSON.stringify(fingerprintMaterial(spec, b)));
        expect(computeFingerprint(spec, a)).not.toBe(computeFingerprint(spec, b));
      }),
    );
    const base = { item: "sample-guide", quantity: 1, contact: { name: "Li", phone: "13800000000" } };
    const fp = computeFingerprint(spec, base);
    expect(computeFingerprint(spec, { ...base, item: "retry-patterns" })).not.toBe(fp);
    expect(computeFingerprint(spec, { ...base, quantity: 2 })).not.toBe(fp);
    expect(computeFingerprint(spec, { ...base, contact: { name: "Li", phone: "13800000001" } })).not.toBe(fp);
    expect(computeFingerprint(spec, { ...base, contact: undefined })).not.toBe(fp);
  });

  it("treats null like a missing field unless the operation says otherwise", () => {
    expect(computeFingerprint(spec, { item: "a", quantity: 1, contact: null })).toBe(computeFingerprint(spec, { item: "a", quantity: 1 }));
    const strict: FingerprintSpec<OrderParams> = { ...spec, nullEqualsMissing: false };
    expect(computeFingerprint(strict, { item: "a", quantity: 1, contact: null })).not.toBe(computeFingerprint(strict, { item: "a", quantity: 1 }));
  });

  it("keeps array order significant", () => {
    const listSpec: FingerprintSpec<{ lines: string[] }> = { fields: ["lines"] };
    expect(computeFingerprint(listSpec, { lines: ["a", "b"] })).not.toBe(computeFingerprint(listSpec, { lines: ["b", "a"] }));
  });
});
