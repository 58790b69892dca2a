// Debian's Chromium, never a downloaded browser build (scripts/ensure-chromium.sh installs it),
// and the flags it runs with: the browser tests and the Lighthouse bench (bench/lighthouse.ts).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
