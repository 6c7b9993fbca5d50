import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver whose schema (with zod and the resolver) is downloaded after the form's
 * first paint instead of with the page: `preload()` from an effect, or at the latest on the first
 * check. The checks, messages and parsed values are the schema's own, as with zodResolver(schema).
 */
export function lazyZodResolver<T extends FieldValues>(
  load: () => Promise<ZodType<T>>,
): Resolver<T> & { preload: () => void } {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      // the schema's output is T (checked above); the resolver's own generics ask for more
      ([schema, m]) => m.zodResolver(schema as Parameters<typeof m.zodResolver>[0]) as unknown as Resolver<T>,
    );
    // a failed download is tried again on the next check
    ready.catch(() => (ready = undefined));
    return ready;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => {}) });
}
