// Engine and vendor calls in traces (docs/decisions/063-tracing.md): every call of an engine's work
// methods is a span ("images.render", "training.poll" …) naming the engine, so a trace shows which
// vendor or local engine the time went to; the vendor's HTTP calls are its children (undici
// instrumentation), and so are the queries it makes. Applied by bootstrap.ts only with tracing on.
import { tracing } from '../lib/tracing';
import type { EngineSet } from './engines';

/** The methods that do an engine's work; the rest (names, `loaded()`, a webhook's signature check) are not spans. */
const TRACED: Record<string, readonly string[]> = {
  training: ['start', 'poll', 'cancel', 'abandon', 'release', 'removeCopies'],
  hosting: ['submit', 'poll', 'removeModel'],
  images: ['render'],
  upscale: ['upscale'],
  vision: ['analyze'],
  faces: ['analyzeFaces', 'describe'],
  payments: ['createIntent', 'retrieveIntent', 'confirm', 'retrieveCharge', 'retrieveDispute'],
};

/** Engines that run on this machine (no vendor in between): their spans are internal, the others client calls. */
const LOCAL = new Set(['offline', 'face-api', 'ai-toolkit']);

function traceEngine<T extends object>(kind: keyof typeof TRACED, engine: T): T {
  const methods = new Set(TRACED[kind]);
  const name = String((engine as { name?: unknown }).name ?? kind);
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(engine, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function' || !methods.has(String(key))) return value;
      if (!wrapped.has(key)) {
        wrapped.set(key, (...args: unknown[]) =>
          tracing().inSpan(
            `${kind}.${String(key)}`,
            {
              kind: LOCAL.has(name) ? 'internal' : 'client',
              attributes: { 'lora.engine.kind': kind, 'lora.engine.name': name },
            },
            () => (value as (...a: unknown[]) => unknown).apply(target, args),
          ),
        );
      }
      return wrapped.get(key);
    },
  });
}

function traceEach<T extends object>(kind: keyof typeof TRACED, byName: Record<string, T | undefined>) {
  return Object.fromEntries(
    Object.entries(byName).map(([k, engine]) => [k, engine && traceEngine(kind, engine)]),
  );
}

/** The same engines, each work call a span. */
export function traceEngineSet(set: EngineSet): EngineSet {
  return {
    trainers: traceEach('training', set.trainers) as EngineSet['trainers'],
    hosts: traceEach('hosting', set.hosts) as EngineSet['hosts'],
    images: traceEach('images', set.images) as EngineSet['images'],
    upscalers: traceEach('upscale', set.upscalers) as EngineSet['upscalers'],
    vision: traceEngine('vision', set.vision),
    faces: traceEngine('faces', set.faces),
    payments: traceEngine('payments', set.payments),
  };
}
