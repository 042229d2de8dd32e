// react-hook-form resolver that validates with the shared zod schema from the engine
// (./engine.tsx), loading it first if the customer submits before it has arrived.
import type { FieldValues, Resolver } from "react-hook-form";
import type { Translate } from "~/i18n/messages";
import { loadEngine, type Engine } from "./engine-provider";

export function deferredResolver<T extends FieldValues>(form: keyof Engine["formSchemas"], labels: Record<string, string>, t: Translate): Resolver<T> {
  return async (values, context, options) => {
    const engine = await loadEngine();
    return engine.localizedSchemaResolver<T>(engine.formSchemas[form], labels, t)(values, context, options);
  };
}
