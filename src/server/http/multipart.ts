import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/errors';

const IMAGE_REQUIRED = 'Please choose an image to upload';

/**
 * The bytes of the `image` file of an admin's multipart upload (a pack cover, a style preview). Every
 * other part is drained unread so the request still ends; no such file, or an empty one, is a 400.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
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
  if (!data || data.length === 0) throw badRequest(IMAGE_REQUIRED, { image: IMAGE_REQUIRED });
  return data;
}
