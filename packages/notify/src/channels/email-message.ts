// The text of a lead's e-mail: a single-line subject, a field list of single-line values, then
// the inquiry text (the only part with line breaks) below a separator line. The fields are
// made single-line again here, so this layout holds whatever object it is given. With the
// dashboard's address known, the fields end with the lead's take link (./take-link.ts).
import type { LeadNotification } from "./lead-payload.ts";
import { multiLine, singleLine } from "./plain-text.ts";

/** Everything after this line is the customer's own text, not fields. */
export const INQUIRY_SEPARATOR = "----- Inquiry -----";

const SUBJECTS: Record<LeadNotification["type"], (lead: LeadNotification["lead"]) => string> = {
  "lead.created": (lead) => `New lead ${lead.number}: ${lead.name}${lead.possibleDuplicate ? " (possible duplicate)" : ""}`,
  "lead.assigned": (lead) => `Lead ${lead.number} assigned to you: ${lead.name}`,
  "lead.reminder": (lead) => `Lead ${lead.number} is waiting for your first response: ${lead.name}`,
  "lead.escalated": (lead) => `Escalation: lead ${lead.number} has had no response for twice the target: ${lead.name}`,
};

export function composeLeadEmail({ type, lead, assignee }: LeadNotification, link: string | null = null): { subject: string; text: string } {
  const fields: [string, string | null][] = [
    ["Name", lead.name],
    ["Phone", lead.phone],
    ["E-mail", lead.email],
    ["Company", lead.company],
  ];
  return {
    subject: singleLine(SUBJECTS[type](lead)),
    text: [
      ...(type === "lead.assigned" && assignee ? [singleLine(`${assignee.name}, this lead was assigned to you.`), ""] : []),
      ...(type === "lead.reminder" && assignee
        ? [singleLine(`${assignee.name}, this lead of yours has reached the team's first-response target without a response.`), ""]
        : []),
      ...(type === "lead.escalated"
        ? [singleLine(`This lead has waited twice the team's first-response target${assignee ? ` (owner: ${assignee.name})` : ""}.`), ""]
        : []),
      singleLine(`Lead ${lead.number} (${lead.createdAt})`),
      ...fields.flatMap(([label, value]) => (value === null ? [] : [`${label}: ${singleLine(value)}`])),
      ...(lead.possibleDuplicate ? ["Possible duplicate of an inquiry from the same phone or e-mail within 24 hours."] : []),
      ...(link ? ["", `Open and take it: ${link}`] : []),
      "",
      INQUIRY_SEPARATOR,
      multiLine(lead.content),
    ].join("\n"),
  };
}
