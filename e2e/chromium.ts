// Debian's Chromium (never a downloaded browser) and the flags every test and benchmark starts
// it with: headless-friendly, and no background connections, which this machine's closed
// network would refuse many at a time.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
