// The address of a lead's dashboard page under PUBLIC_URL, for e-mails that ask the reader to
// open it (a follow-up task's reminder). No PUBLIC_URL, no link.
export function leadLink(publicUrl: string | null | undefined, leadId: string): string | null {
  if (!publicUrl) return null;
  return new URL(`/dashboard/leads/${encodeURIComponent(leadId)}`, publicUrl).toString();
}
