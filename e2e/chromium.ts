// Debian's Chromium (never a downloaded browser) and the flags every test and benchmark starts
// it with: headless-friendly, and no background connections, which this machine's closed
// network would refuse many at a time.

/** The whole browser, as a customer runs it: the back/forward cache spec and the benchmarks. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's chromium-headless-shell: the same Blink and V8 without the browser around them,
 * what the browser tests drive. Measured on the whole browser suite (BENCHMARKS.md, "The test
 * command"): 461 s against ~700 s with the whole browser, the machine's CPU ~40% less busy.
 * The one thing it lacks that a test needs is the back/forward cache (that spec starts the
 * whole browser).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
