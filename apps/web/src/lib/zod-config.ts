import { config } from 'zod';

// zod compiles object schemas with `new Function` when it can, and finds out by trying: under
// the app's CSP (no 'unsafe-eval') every first parse left a CSP violation report. Loaded with
// the resolver (zod-resolver.ts), before any form parses.
config({ jitless: true });
