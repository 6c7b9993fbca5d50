// Turns Fastify's printRoutes({ commonPrefix: false }) tree into 'METHOD /path' strings, for tests that
// must cover every route the app really registers.
export function parseRouteTree(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const raw of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(raw);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = full;
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD') out.push(`${method} ${full}`);
    }
  }
  return out;
}
