import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  presetStyleListSchema,
  presetStyleSchema,
  presetStyleViewSchema,
  styleDeletedSchema,
  styleImageUploadedSchema,
} from '../../../shared/schemas/styles';
import type { AppDeps } from '../../deps';
import { adminOnly, usersOnly } from '../../http/guards';
import { requireAdmin, requireUser } from '../../http/session';
import { AppError, badRequest } from '../../lib/errors';
import { createStylesService } from './styles.service';

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Expected true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

export async function stylesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const styles = createStylesService(opts.deps);

  r.get(
    '/api/preset-styles',
    {
      ...usersOnly,
      schema: {
        querystring: z.object({ showNsfw: flag, includeInactive: flag }),
        response: { 200: presetStyleListSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return styles.list(user, {
        showNsfw: request.query.showNsfw,
        includeInactive: request.query.includeInactive,
      });
    },
  );

  r.get(
    '/api/preset-styles/:id',
    {
      ...usersOnly,
      schema: {
        params: idParamsSchema,
        querystring: z.object({ showNsfw: flag }),
        response: { 200: presetStyleViewSchema },
      },
    },
    async (request) => {
      return styles.get(requireUser(request), request.params.id, request.query.showNsfw);
    },
  );

  // Admin-only writes (docs/product/spec-part-2.md §7, docs/product/decisions.md §8).
  r.post(
    '/api/preset-styles',
    { ...adminOnly, schema: { body: presetStyleSchema, response: { 201: presetStyleViewSchema } } },
    async (request, reply) => {
      return reply.status(201).send(await styles.create(requireAdmin(request), request.body));
    },
  );

  r.put(
    '/api/preset-styles/:id',
    {
      ...adminOnly,
      schema: { params: idParamsSchema, body: presetStyleSchema, response: { 200: presetStyleViewSchema } },
    },
    async (request) => {
      return styles.update(requireAdmin(request), request.params.id, request.body);
    },
  );

  r.delete(
    '/api/preset-styles/:id',
    { ...adminOnly, schema: { params: idParamsSchema, response: { 200: styleDeletedSchema } } },
    async (request) => {
      await styles.remove(requireAdmin(request), request.params.id);
      return { success: true, message: 'Style deleted' };
    },
  );

  r.post(
    '/api/preset-styles/upload-image',
    { ...adminOnly, schema: { response: { 201: styleImageUploadedSchema } } },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart upload with an image field');
      let data: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'image' || data) {
          part.file.resume();
          continue;
        }
        data = await part.toBuffer();
      }
      if (!data || data.length === 0)
        throw badRequest('Please choose an image to upload', { image: 'Please choose an image to upload' });
      return reply.status(201).send(await styles.uploadImage(requireAdmin(request), data));
    },
  );
}
