import { z } from 'zod';

// Zod 4 probes `new Function('')` when it builds its first object schema, to compile fast
// parsers. Under our Content-Security-Policy (no 'unsafe-eval') the probe is reported as a
// violation even though Zod catches it. Jitless parsing never probes. This module is the
// entry's first import, so it runs before any shared schema is built. (The server keeps
// Zod's compiled parsers: no CSP there.)
z.config({ jitless: true });
