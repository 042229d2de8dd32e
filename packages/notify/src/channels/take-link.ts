// The link every message about a lead carries (group chats, e-mails): the lead's dashboard page
// with ?take=1, which offers "I'll take it" at the top of the page once the reader is signed in
// (a signed-out reader signs in first and is brought back to it). The link itself signs nobody
// in: a group chat is read by everyone in it, and link previews fetch what they see; taking the
// lead stays a press by a signed-in member. No PUBLIC_URL, no link.
export function takeLink(publicUrl: string | null | undefined, leadId: string): string | null {
  if (!publicUrl) return null;
  const url = new URL(`/dashboard/leads/${encodeURIComponent(leadId)}`, publicUrl);
  url.searchParams.set("take", "1");
  return url.toString();
}
