import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** Props for a `<form>`: the first key, pointer press or input in it (autofill too) calls `preload`. */
export type PreloadOnUse = {
  onKeyDown: () => void;
  onPointerDown: () => void;
  onInput: () => void;
};

/**
 * A react-hook-form resolver whose schema (with zod and the resolver) is downloaded when the form is
 * first used instead of with the page: spread `preloadOnUse` on the form, or call `preload()`; at the
 * latest it loads on the first check. Not at mount: on a page that arrives as HTML (/login, /register)
 * the `schemas` chunk's evaluation would be one more long task while the page is being loaded
 * (docs/decisions/035-load-on-use.md). The checks, messages and parsed values are the schema's own, as with
 * zodResolver(schema).
 */
export function lazyZodResolver<T extends FieldValues>(
  load: () => Promise<ZodType<T>>,
): Resolver<T> & { preload: () => void; preloadOnUse: PreloadOnUse } {
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
  const preload = () => void get().catch(() => {});
  return Object.assign(resolver, {
    preload,
    preloadOnUse: { onKeyDown: preload, onPointerDown: preload, onInput: preload },
  });
}
