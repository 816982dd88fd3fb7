import { zodResolver as resolver } from '@hookform/resolvers/zod';
import { config } from 'zod';

// zod compiles object schemas with `new Function` when it can, and finds out by trying: under
// the app's CSP (no 'unsafe-eval') every first parse left a CSP violation report. Every form
// validates through here, so zod is told once, before any form parses, not to try.
config({ jitless: true });

/** react-hook-form's resolver for a zod schema (the contracts' schemas, shared with the server). */
export const zodResolver = resolver;
