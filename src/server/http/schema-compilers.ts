import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Every route validates and serialises with its zod schemas. Handing Fastify these compilers as its
 * compilers' factory, rather than setting them after construction, keeps it from loading Ajv and
 * fast-json-stringify at all: building their defaults cost ~100 ms of every start and ~3 MB
 * resident that nothing used (issue 27, docs/decisions/041-lean-start.md). Fastify types the
 * factories for Ajv, but calls them only for a compiler function, which is what these return.
 */
export const zodSchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as Factories['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Factories['buildSerializer'],
  },
};
