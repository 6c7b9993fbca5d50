/**
 * A chunk loaded when it is first wanted (a menu, a select: docs/decisions/042-overlays-on-demand.md).
 * One download at a time; a failed one is tried again on the next `load()`. `loaded()` is the module
 * once it is in, so a component drawn after that renders it at once, without a plain stand-in.
 */
export function chunkLoader<T>(importer: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  let module: T | undefined;
  return {
    load: (): Promise<T> =>
      (pending ??= importer().then(
        (m) => (module = m),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    loaded: (): T | undefined => module,
  };
}
