// lead.submit, POST /api/v1/leads: the server half of the inquiry's definition.
import { leadOperation } from "../lead/submit-lead.ts";
import { inputs, schemas } from "../rest/openapi/components.ts";
import { leadCases } from "../rest/openapi/create-examples.ts";
import type { ServerOperation } from "./define.ts";

export const leadDefinition = {
  type: "lead",
  settings: "lead",
  // The outbox rows carry the request's id, whichever transport carried it.
  build: ({ channels }, call) => leadOperation({ channels, requestId: call.requestId }),
  rest: { method: "POST", path: "/leads" },
  openapi: {
    operationId: "createLead",
    tag: "Leads",
    summary: "Send an inquiry",
    description:
      "Name ≤ 50, phone ≤ 20, content ≤ 1000 characters; e-mail, company and the sample guide it is about (`guide`, the guide's slug) optional. Two inquiries under different keys are two inquiries, even with the same content.",
    cases: leadCases,
    input: inputs.lead,
    output: schemas.Lead,
  },
  rejections: ["GUIDE_NOT_FOUND"],
} satisfies ServerOperation<"lead", "lead">;
