// OpenAPI 3.0 has no null type: zod writes `nullable: true` beside a union (a nullable e-mail
// that may be "", the operation's result), which 3.0 allows only next to a `type`, and which
// does not let null through the union's members anyway. So null becomes a member of its own
// (`{type, nullable: true, enum: [null]}`), typed like the others; 3.1 needs none of this.
import type { ZodOpenApiOverrideContext } from "zod-openapi";
import type { $ZodType } from "zod/v4/core";

type Def = { type: string; innerType?: $ZodType; options?: readonly $ZodType[]; values?: readonly unknown[] };
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

function typeOf(schema: $ZodType): string | undefined {
  const def = defOf(schema);
  if (def.type === "nullable" || def.type === "optional") return def.innerType && typeOf(def.innerType);
  if (def.type === "literal") return typeof def.values?.[0];
  if (def.type === "union") {
    const types = new Set(def.options?.map(typeOf));
    return types.size === 1 ? [...types][0] : undefined;
  }
  return def.type === "object" || def.type === "string" ? def.type : undefined;
}

export function typeNullableUnions({ jsonSchema, zodSchema }: ZodOpenApiOverrideContext): void {
  const schema = jsonSchema as { nullable?: boolean; type?: unknown; anyOf?: unknown[] };
  if (!schema.nullable || schema.type !== undefined || !schema.anyOf) return;
  const type = typeOf(zodSchema);
  if (!type) return;
  delete schema.nullable;
  schema.anyOf = [...schema.anyOf, { type, nullable: true, enum: [null] }];
}
