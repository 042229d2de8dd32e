// The text of a lead's e-mail: a single-line subject, a field list of single-line values, then
// the inquiry text (the only part with line breaks) below a separator line. The fields are
// made single-line again here, so this layout holds whatever object it is given.
import type { LeadNotification } from "./lead-payload.ts";
import { multiLine, singleLine } from "./plain-text.ts";

/** Everything after this line is the customer's own text, not fields. */
export const INQUIRY_SEPARATOR = "----- Inquiry -----";

export function composeLeadEmail({ type, lead, assignee }: LeadNotification): { subject: string; text: string } {
  const fields: [string, string | null][] = [
    ["Name", lead.name],
    ["Phone", lead.phone],
    ["E-mail", lead.email],
    ["Company", lead.company],
  ];
  return {
    subject: singleLine(
      type === "lead.assigned"
        ? `Lead ${lead.number} assigned to you: ${lead.name}`
        : `New lead ${lead.number}: ${lead.name}${lead.possibleDuplicate ? " (possible duplicate)" : ""}`,
    ),
    text: [
      ...(type === "lead.assigned" && assignee ? [singleLine(`${assignee.name}, this lead was assigned to you.`), ""] : []),
      singleLine(`Lead ${lead.number} (${lead.createdAt})`),
      ...fields.flatMap(([label, value]) => (value === null ? [] : [`${label}: ${singleLine(value)}`])),
      ...(lead.possibleDuplicate ? ["Possible duplicate of an inquiry from the same phone or e-mail within 24 hours."] : []),
      "",
      INQUIRY_SEPARATOR,
      multiLine(lead.content),
    ].join("\n"),
  };
}
