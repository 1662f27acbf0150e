/** Debian's Chromium (apt-get install -y chromium); a browser download is not possible here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless flags for a sandbox without a GPU or network. Never add --user-data-dir: Playwright
 * rejects it (each launch gets a fresh profile).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
