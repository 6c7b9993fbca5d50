// The browser build's `zod` (vite.config.ts aliases it here). zod 4 compiles object parsers with
// `new Function` when it may, and finds out by trying: under this site's Content-Security-Policy
// (no 'unsafe-eval') that try is a violation Chrome reports on every page with a form (issue 23).
// Without the compiler the same checks run interpreted; the forms' schemas are small.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
