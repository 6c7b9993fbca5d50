// Prints the pre-rendered public pages as JSON ({ url: html }), rendered as the build renders them.
// entry-server.test.tsx runs this in a process of its own: a server render and a browser render in
// one process share React's context objects, which neither renderer supports.
import { PRERENDERED_PAGES, renderPage } from '../entry-server';

const out: Record<string, string> = {};
for (const url of Object.keys(PRERENDERED_PAGES)) out[url] = await renderPage(url);
process.stdout.write(JSON.stringify(out));
