import { z } from 'zod';

// Zod 4 probes `new Function('')` when it builds its first object schema, to compile fast
// parsers. Under the web app's Content-Security-Policy (no 'unsafe-eval') the probe is reported
// as a violation even though Zod catches it; jitless parsing never probes. Browsers only: the
// server has no CSP and keeps the compiled parsers. Every schema imports z from here (lint
// rule), so the setting is in place before the first schema is built.
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') {
  z.config({ jitless: true });
}

export { z };

/** A required text field: missing, not a string, or blank after trimming all say `message`. */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}
