// Waits on a condition instead of a fixed sleep: resolves as soon as `check` holds, fails with
// `what` when it has not after `timeoutMs`. Polls every `intervalMs`.
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000, intervalMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
