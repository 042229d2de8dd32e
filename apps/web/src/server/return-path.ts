// Where sign-in returns a member to: the dashboard page they were sent away from (a lead's link
// in a group chat or an e-mail), carried in the sign-in page's ?next=. Only a path inside the
// dashboard is followed: anything else (another site, "//host", a backslash some browsers read
// as a slash, the sign-in page itself) falls back to the lead list, so the parameter cannot be
// used to send someone elsewhere after they typed their password.
export const DEFAULT_RETURN_PATH = "/dashboard/leads";

export function safeReturnPath(raw: string | string[] | null | undefined): string {
  if (typeof raw !== "string" || raw.length > 512) return DEFAULT_RETURN_PATH;
  if (!/^\/dashboard(?:[/?]|$)/.test(raw) || /[\\\s]|\/\//.test(raw)) return DEFAULT_RETURN_PATH;
  // Resolved against a placeholder origin: "." and ".." segments and encoded slashes are settled
  // the way the browser will settle them before the check, not after.
  const url = new URL(raw, "https://dashboard.invalid");
  if (url.origin !== "https://dashboard.invalid" || !/^\/dashboard(?:\/|$)/.test(url.pathname)) return DEFAULT_RETURN_PATH;
  if (/^\/dashboard\/sign-in(?:\/|$)/.test(url.pathname)) return DEFAULT_RETURN_PATH;
  return `${url.pathname}${url.search}`;
}

/** The sign-in page that brings the member back to `path` (a dashboard path) afterwards. */
export const signInReturningTo = (path: string | undefined): string =>
  path && safeReturnPath(path) === path && path !== DEFAULT_RETURN_PATH ? `/dashboard/sign-in?next=${encodeURIComponent(path)}` : "/dashboard/sign-in";
