// The fields of a JSON body, read from its JSON Schema (as the OpenAPI document gives it) for a
// table: one row per property, a nested object's properties as "contact.name", with the type
// and the rules the server checks. Only the shapes this API's schemas take (objects, scalars,
// enums, consts, "or null" unions); anything else shows as its bare type.
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
};

export type FieldRule =
  | { kind: "length"; min: number; max: number }
  | { kind: "maxLength"; max: number }
  | { kind: "range"; min: number; max: number }
  | { kind: "oneOf"; values: string[] }
  | { kind: "format"; format: string };

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  rules: FieldRule[];
  description?: string;
}

/** zod's bounds for "any integer" (±(2^53 − 1)) say nothing to a reader. */
const meaningful = (n: number | undefined): n is number => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;

/** The schema's alternatives, unions of unions flattened, with `resolve` applied to each. */
function alternatives(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): JsonSchema[] {
  const s = resolve(schema);
  const union = s.anyOf ?? s.oneOf;
  return union ? union.flatMap((part) => alternatives(part, resolve)) : [s];
}

function typeOf(s: JsonSchema): string[] {
  if (s.const !== undefined) return [JSON.stringify(s.const)];
  if (s.type === undefined) return [];
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.map((type) => (type === "array" && s.items?.type ? `${String(s.items.type)}[]` : type));
}

function rulesOf(s: JsonSchema): FieldRule[] {
  const rules: FieldRule[] = [];
  if (meaningful(s.maxLength)) rules.push(s.minLength ? { kind: "length", min: s.minLength, max: s.maxLength } : { kind: "maxLength", max: s.maxLength });
  if (meaningful(s.minimum) && meaningful(s.maximum)) rules.push({ kind: "range", min: s.minimum, max: s.maximum });
  if (s.enum) rules.push({ kind: "oneOf", values: s.enum.map(String) });
  if (s.format) rules.push({ kind: "format", format: s.format });
  return rules;
}

export function schemaFields(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, prefix = ""): FieldRow[] {
  const object = resolve(schema);
  return Object.entries(object.properties ?? {}).flatMap(([key, property]) => {
    const parts = alternatives(property, resolve);
    // An empty string allowed beside a checked one (an optional e-mail) is not a type of its own.
    const shown = parts.filter((part) => part.const !== "" || parts.length === 1);
    const name = `${prefix}${key}`;
    const row: FieldRow = {
      name,
      type: [...new Set(shown.flatMap(typeOf))].join(" | "),
      required: object.required?.includes(key) ?? false,
      rules: shown.flatMap(rulesOf),
      description: resolve(property).description ?? shown.find((part) => part.description)?.description,
    };
    const nested = shown.find((part) => part.properties);
    return [row, ...(nested ? schemaFields(nested, resolve, `${name}.`) : [])];
  });
}
