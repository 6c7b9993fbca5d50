// Database time in traces (docs/decisions/063-tracing.md): each statement drizzle sends becomes a span
// under the request, job or engine call that ran it. The drivers are wrapped, not drizzle: PGlite is not
// `pg`, and this one place covers both. Applied by openDatabase (db/client.ts) only with tracing on.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { tracing } from '../lib/tracing';

/** A statement's text as a span shows it: parameters are placeholders ($1), never values. */
const MAX_STATEMENT_CHARS = 2000;

function statementOf(arg: unknown): string | null {
  if (typeof arg === 'string') return arg;
  const text = (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : null;
}

/** Runs `run` in a span named by the statement's first word ("select", "insert", …). */
function traced<T>(statement: string | null, run: () => T): T {
  if (statement === null) return run();
  const text = statement.trim().replace(/\s+/g, ' ');
  const operation = (/^[a-z]+/i.exec(text)?.[0] ?? 'query').toLowerCase();
  return tracing().inSpan(
    `db ${operation}`,
    {
      kind: 'client',
      requireParent: true,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        'db.query.text': text.slice(0, MAX_STATEMENT_CHARS),
      },
    },
    run,
  );
}

/**
 * `target` with `query` (and `exec`) traced and its other methods bound to it: drivers keep private
 * fields that a proxy as `this` cannot read.
 */
function withTracedQueries<T extends object>(target: T, extra: Partial<Record<keyof T, unknown>> = {}): T {
  return new Proxy(target, {
    get(t, key) {
      if (key in extra) return extra[key as keyof T];
      const value = Reflect.get(t, key, t);
      if (key === 'query' || key === 'exec') {
        return (...args: unknown[]) =>
          // a callback-style call is left as it is (drizzle uses promises)
          typeof args.at(-1) === 'function'
            ? (value as (...a: unknown[]) => unknown).apply(t, args)
            : traced(statementOf(args[0]), () => (value as (...a: unknown[]) => unknown).apply(t, args));
      }
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}

/** The PGlite client drizzle gets: queries traced, in transactions too. */
export function tracePglite(client: PGlite): PGlite {
  return withTracedQueries(client, {
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => fn(withTracedQueries(tx))),
  });
}

/** The pool drizzle gets: queries traced, on the pool and on the clients it hands out (transactions). */
export function tracePgPool(pool: pg.Pool): pg.Pool {
  return withTracedQueries(pool, {
    connect: async (...args: unknown[]) => {
      if (args.length > 0) return (pool.connect as (...a: unknown[]) => unknown)(...args);
      return withTracedQueries(await pool.connect());
    },
  });
}
