import type { SchemaField } from '../../src/server/test/route-catalog';
import { setPath } from '../../src/server/test/route-catalog';

// The hostile inputs of `npm run security`, as pure generators (unit-tested in fuzz-cases.test.ts so
// they keep producing what their names promise). A case is raw request text, because some of the
// interesting bodies (duplicate keys, `__proto__`, 1e999) cannot be built with JSON.stringify.

export type BodyCase = { label: string; payload: string; contentType: string };
export type QueryCase = { label: string; query: string };

/** A small seeded PRNG (mulberry32), so a run can be repeated case for case with --seed. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

/** Strings a field might not expect: control characters, unicode edge cases, sizes, injection shapes. */
export const HOSTILE_STRINGS: readonly { label: string; value: string }[] = [
  { label: 'empty', value: '' },
  { label: 'spaces', value: '   ' },
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'C0 controls', value: '\u0001\u0007\u001b[31m' },
  { label: 'DEL', value: 'x\u007f' },
  { label: 'C1 NEL', value: 'x\u0085y' },
  { label: 'line separator', value: 'x\u2028y\u2029' },
  { label: 'RTL override', value: 'admin\u202egnp.exe' },
  { label: 'zero-width', value: 'ad\u200bmin\u200d\ufeff' },
  { label: 'combining marks', value: 'e\u0301'.repeat(200) },
  { label: 'lone high surrogate', value: 'x\ud800y' },
  { label: 'lone low surrogate', value: '\udc00' },
  { label: 'astral emoji', value: '\u{1F600}'.repeat(300) },
  { label: 'full-width', value: 'ＡＤＭＩＮ＠ｅｘａｍｐｌｅ．ｃｏｍ' },
  { label: 'dotted I (length changes on lower-case)', value: 'İ'.repeat(100) },
  { label: 'huge string 100k', value: 'A'.repeat(100_000) },
  { label: 'long word 5k', value: 'x'.repeat(5_000) },
  { label: 'SQL quote', value: "' OR '1'='1' --" },
  { label: 'SQL comment', value: '1;/**/SELECT pg_sleep(5)--' },
  { label: 'LIKE wildcards', value: '%_%\\' },
  { label: 'html', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { label: 'template', value: '${7*7}{{7*7}}<%= 7*7 %>' },
  { label: 'path traversal', value: '../../../../etc/passwd' },
  { label: 'url', value: 'javascript:alert(1)' },
  { label: 'uuid-ish', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'date-ish', value: '0000-02-30T25:61:61Z' },
  { label: 'number-ish', value: '1e999' },
];

/** JSON numbers out of every range the product uses, as raw text (1e999 parses to Infinity). */
export const HOSTILE_NUMBERS: readonly string[] = [
  '-1',
  '0',
  '-0',
  '0.5',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e308',
  '-1e308',
  '1e999',
  '5e-324',
];

/** Values of the wrong type for any field. */
export const TYPE_CONFUSION: readonly string[] = [
  'null',
  'true',
  'false',
  '[]',
  '{}',
  '["a",1,null]',
  '{"$gt":""}',
  '{"toString":"x","valueOf":1}',
  '[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]',
];

const json = (label: string, payload: string): BodyCase => ({
  label,
  payload,
  contentType: 'application/json',
});

/** A plausible value per field kind, so a mutation of one field reaches past the others' validation. */
export function plausible(kind: string, path: string, ids: Readonly<Record<string, string>> = {}): unknown {
  const name = path.split('.').pop()!;
  if (ids[name]) return ids[name];
  if (kind === 'number' || kind === 'int' || kind === 'transform') return 1;
  if (kind === 'boolean') return false;
  if (/id$/i.test(name)) return '00000000-0000-4000-8000-000000000000';
  if (/email/i.test(path)) return 'fuzz@example.com';
  if (/password/i.test(path)) return 'Harbor-Lamp-42';
  return 'fuzz';
}

/** A body holding a plausible value in every declared field. */
export function baseBody(fields: readonly SchemaField[], ids: Readonly<Record<string, string>> = {}) {
  const body: Record<string, unknown> = {};
  for (const f of fields) setPath(body, f.path, plausible(f.kind, f.path, ids));
  return body;
}

/** Replaces one field's value in a body's JSON text with raw JSON text. */
function withRaw(body: Record<string, unknown>, path: string, raw: string): string {
  const marker = `\u0000__FUZZ_${Math.random().toString(36).slice(2)}__`;
  const copy = structuredClone(body);
  setPath(copy, path, marker);
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

/** Deep nesting built as text (a recursive builder would itself overflow first). */
export function deepJson(depth: number, open = '{"a":', close = '}') {
  return open.repeat(depth) + '1' + close.repeat(depth);
}

/**
 * Bodies for one route: whole-body shape attacks, prototype-pollution keys, and each declared field
 * mutated in turn (hostile strings, numbers, wrong types). At most `max` cases, chosen by `random`
 * when there are more, always keeping the whole-body and prototype cases.
 */
export function bodyCases(
  fields: readonly SchemaField[],
  opts: { max: number; random: ReturnType<typeof createRandom>; ids?: Readonly<Record<string, string>> },
): BodyCase[] {
  const base = baseBody(fields, opts.ids);
  const fixed: BodyCase[] = [
    json('empty object', '{}'),
    json('array body', '[1,2,3]'),
    json('string body', '"text"'),
    json('number body', '1e999'),
    json('null body', 'null'),
    json('truncated JSON', '{"a":'),
    json('deep object nesting (4000)', deepJson(4000)),
    json('deep array nesting (4000)', deepJson(4000, '[', ']')),
    json('duplicate keys', `{${fields.map((f) => `"${f.path.split('.')[0]}":1`).join(',')},"x":1,"x":2}`),
    json('__proto__ key', `{"__proto__":{"isAdmin":true,"polluted":"yes"},${JSON.stringify(base).slice(1)}`),
    json(
      'constructor.prototype key',
      `{"constructor":{"prototype":{"isAdmin":true,"polluted":"yes"}},${JSON.stringify(base).slice(1)}`,
    ),
    json(
      'unknown extra fields',
      JSON.stringify({ ...base, isAdmin: true, tokenBalance: 1e9, role: 'admin' }),
    ),
    {
      label: 'form-encoded',
      payload: 'a=b&__proto__[x]=1',
      contentType: 'application/x-www-form-urlencoded',
    },
    { label: 'text/plain', payload: JSON.stringify(base), contentType: 'text/plain' },
    {
      label: 'JSON with charset latin1',
      payload: JSON.stringify(base),
      contentType: 'application/json; charset=latin1',
    },
  ];
  const mutations: BodyCase[] = [];
  for (const f of fields) {
    for (const s of HOSTILE_STRINGS)
      mutations.push(json(`${f.path}: ${s.label}`, withRaw(base, f.path, JSON.stringify(s.value))));
    for (const n of HOSTILE_NUMBERS) mutations.push(json(`${f.path}: number ${n}`, withRaw(base, f.path, n)));
    for (const t of TYPE_CONFUSION)
      mutations.push(json(`${f.path}: ${t.slice(0, 20)}`, withRaw(base, f.path, t)));
  }
  const room = Math.max(0, opts.max - fixed.length);
  const chosen: BodyCase[] = [];
  const pool = [...mutations];
  while (chosen.length < room && pool.length > 0) {
    chosen.push(pool.splice(Math.floor(opts.random.next() * pool.length), 1)[0]!);
  }
  return [...fixed, ...chosen];
}

/** Percent-encodes a value; a lone surrogate (no UTF-8 form) goes as the bytes of one, as a raw client could send. */
export function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    const wellFormed = value.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    );
    return encodeURIComponent(wellFormed).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

/** Query strings for one route: every declared parameter mutated, plus repeated and undeclared ones. */
export function queryCases(
  fields: readonly SchemaField[],
  opts: { max: number; random: ReturnType<typeof createRandom> },
): QueryCase[] {
  const fixed: QueryCase[] = [
    { label: 'undeclared param', query: 'zzz=1' },
    { label: 'array-style param', query: 'a[]=1&a[]=2' },
    { label: 'prototype param', query: '__proto__[isAdmin]=true&constructor[prototype][x]=1' },
    { label: 'bad percent-encoding', query: 'q=%E0%A4%A' },
  ];
  const mutations: QueryCase[] = [];
  for (const f of fields) {
    const name = encodeURIComponent(f.path);
    for (const s of HOSTILE_STRINGS) {
      if (s.value.length > 6000) continue; // URLs longer than this are the server's limit, not the route's
      mutations.push({ label: `${f.path}: ${s.label}`, query: `${name}=${encodeQueryValue(s.value)}` });
    }
    for (const n of HOSTILE_NUMBERS) mutations.push({ label: `${f.path}: ${n}`, query: `${name}=${n}` });
    mutations.push({ label: `${f.path}: repeated`, query: `${name}=a&${name}=b` });
  }
  const room = Math.max(0, opts.max - fixed.length);
  const chosen: QueryCase[] = [];
  const pool = [...mutations];
  while (chosen.length < room && pool.length > 0) {
    chosen.push(pool.splice(Math.floor(opts.random.next() * pool.length), 1)[0]!);
  }
  return [...fixed, ...chosen];
}

/** Signs of internals in an error body: stack frames, file paths, SQL, driver and library names. */
const INTERNALS = [
  /\bat [^\s]+ \(?[^\s]*\.(?:ts|js|mjs):\d+/,
  /node_modules/,
  /\/(?:work|home|usr|tmp|src)\//,
  /\b(?:SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(?:FROM|INTO|SET|WHERE)\b/,
  // quotes inside a JSON body arrive escaped
  /\bSQLSTATE\b|\brelation \\?"|syntax error at or near|violates .* constraint/i,
  /\b(?:PGlite|drizzle|postgres(?:ql)?|pg-protocol|fastify|zod)\b/i,
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError):/,
  /Cannot read propert|is not a function|undefined is not/,
];

/** The internals an error body leaks, if any. */
export function leakedInternals(body: string): string | undefined {
  for (const re of INTERNALS) {
    const m = re.exec(body);
    if (m) return m[0].slice(0, 80);
  }
  return undefined;
}
