import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaFields, setPath } from '../../src/server/test/route-catalog';
import {
  baseBody,
  bodyCases,
  createRandom,
  deepJson,
  encodeQueryValue,
  leakedInternals,
  queryCases,
} from './fuzz-cases';
import { readSqlmapOutput } from './sqlmap';
import { assertLoopback } from './http';

// The generators of `npm run security` (the runner itself stays out of npm test: it is a tool).

const schema = z.object({
  name: z.string().trim().min(3),
  count: z.number().int().optional(),
  tags: z.array(z.object({ id: z.uuid(), weight: z.number() })).optional(),
  when: z.union([z.enum(['all', 'today']), z.string()]).default('all'),
  nested: z.object({ flag: z.boolean() }).optional(),
});

describe('security fuzz cases', () => {
  it('finds every field of a zod schema through wrappers, arrays and unions', () => {
    expect(schemaFields(schema).map((f) => f.path)).toEqual([
      'name',
      'count',
      'tags.0.id',
      'tags.0.weight',
      'when',
      'nested.flag',
    ]);
    expect(schemaFields(undefined)).toEqual([]);
    expect(setPath({}, 'tags.0.id', 'x')).toEqual({ tags: [{ id: 'x' }] });
  });

  it('builds a plausible body the schema mostly accepts, with known ids where a field names one', () => {
    const body = baseBody(schemaFields(schema), { id: '11111111-1111-4111-8111-111111111111' });
    expect(body).toMatchObject({
      name: 'fuzz',
      count: 1,
      tags: [{ id: '11111111-1111-4111-8111-111111111111' }],
    });
    expect(schema.safeParse(body).success).toBe(true);
  });

  it('makes bounded, repeatable body cases that are raw JSON text and cover every attack family', () => {
    const fields = schemaFields(schema);
    const one = bodyCases(fields, { max: 40, random: createRandom(7) });
    const two = bodyCases(fields, { max: 40, random: createRandom(7) });
    expect(one).toEqual(two);
    expect(one).toHaveLength(40);
    const labels = one.map((c) => c.label).join('\n');
    for (const family of [
      '__proto__',
      'constructor.prototype',
      'deep object nesting',
      'truncated JSON',
      'array body',
    ])
      expect(labels).toContain(family);
    const proto = one.find((c) => c.label === '__proto__ key')!;
    expect(proto.payload.startsWith('{"__proto__":')).toBe(true);
    // JSON.parse keeps __proto__ as an own key, which is what a server must survive
    expect(Object.keys(JSON.parse(proto.payload))).toContain('__proto__');
    for (const c of one.filter((x) => x.contentType === 'application/json' && !/truncated/.test(x.label))) {
      expect(() => JSON.parse(c.payload), c.label).not.toThrow();
    }
    // every field gets mutated when there is room
    const all = bodyCases(fields, { max: 10_000, random: createRandom(1) });
    for (const f of fields) expect(all.some((c) => c.label.startsWith(`${f.path}: NUL`))).toBe(true);
    expect(all.some((c) => c.label.endsWith('number 1e999') && JSON.parse(c.payload).name === Infinity)).toBe(
      true,
    );
    expect(JSON.parse(deepJson(4000)).a.a.a).toBeDefined();
  });

  it('makes query cases that are valid to send, lone surrogates included', () => {
    const fields = schemaFields(z.object({ search: z.string(), cursor: z.string() }));
    const cases = queryCases(fields, { max: 10_000, random: createRandom(3) });
    expect(cases.some((c) => c.query === 'search=a%00b')).toBe(true);
    expect(cases.some((c) => c.label.includes('__proto__') || c.query.includes('__proto__'))).toBe(true);
    for (const c of cases) expect(c.query.length).toBeLessThan(20_000);
    expect(encodeQueryValue('x\ud800y')).toBe('x%ED%A0%80y');
    expect(encodeQueryValue('a b')).toBe('a%20b');
  });

  it('recognises internals in an error body and nothing in a pinned one', () => {
    expect(leakedInternals('{"error":"Not found","message":"Not found","code":"NOT_FOUND"}')).toBeUndefined();
    expect(
      leakedInternals('Error\n    at Object.enqueue (/srv/app/src/server/jobs/queue.ts:78:20)'),
    ).toBeDefined();
    expect(leakedInternals('{"error":"relation \\"users\\" does not exist"}')).toBeDefined();
    expect(leakedInternals("TypeError: Cannot read properties of undefined (reading 'id')")).toBeDefined();
  });

  it('reads sqlmap verdicts and talks to loopback only', () => {
    const run = "[INFO] testing 'AND boolean-based blind'\n[INFO] testing 'PostgreSQL AND error-based'\n";
    expect(
      readSqlmapOutput(`${run}[CRITICAL] all tested parameters do not appear to be injectable.`),
    ).toEqual({
      verdict: 'clean',
      detail: '2 techniques tried, none injectable',
    });
    // a "clean" verdict after no test at all is no verdict
    expect(readSqlmapOutput('[CRITICAL] all tested parameters do not appear to be injectable.').verdict).toBe(
      'error',
    );
    expect(
      readSqlmapOutput(
        'sqlmap identified the following injection point(s) with a total of 40 HTTP(s) requests:\nParameter: search (GET)',
      ).verdict,
    ).toBe('injectable');
    expect(readSqlmapOutput('[CRITICAL] connection refused').verdict).toBe('error');
    expect(() => assertLoopback('http://127.0.0.1:3000/api')).not.toThrow();
    expect(() => assertLoopback('http://example.com/api')).toThrow(/refusing/);
  });
});
