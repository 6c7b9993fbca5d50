import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ZIP_TEXTS, type ZipRequest } from '../../../shared/schemas/images';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limiter';
import { contentTypeOfKey } from '../../storage/storage';
import type { UserRow } from '../users';
import { createGalleryRepository, type ImageWithNames } from './gallery.repository';
import { contentDisposition, downloadName } from './download-name';
import { servedKey, type Viewer } from './image-view';

/** Zip downloads a user may start per window (decision 012's limiter, counted in the database). */
export const ZIP_LIMIT = 20;
export const ZIP_WINDOW_MS = 10 * 60_000;
/** What the zip may hold unsent before the writer waits for the client to read it. */
const ZIP_BUFFER_BYTES = 1024 * 1024;

/** `lora-studio-YYYY-MM-DD.zip` (UTC day). */
export const zipFileName = (now = new Date()) => `lora-studio-${now.toISOString().slice(0, 10)}.zip`;

export type ZipStream = { stream: Readable; fileName: string; count: number };

/** The manifest's record of one image: its file name, prompt and settings. */
function manifestEntry(row: ImageWithNames, file: string, blurred: boolean) {
  return {
    file,
    id: row.id,
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    width: row.width,
    height: row.height,
    seed: row.seed,
    model: row.modelName,
    baseModel: row.baseModelName,
    style: row.styleName,
    loraStrength: row.loraStrength,
    tokensUsed: row.tokensUsed,
    nsfw: row.isNsfw,
    // with NSFW content off an NSFW image is in the zip as its blurred picture (decisions.md §23)
    blurred,
    generationId: row.generationId,
    upscaledFrom: row.upscaledFrom,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createDownloadsService(deps: Pick<AppDeps, 'db' | 'storage' | 'log'>) {
  const repo = createGalleryRepository(deps.db);

  return {
    /** One image at full resolution under its readable name (owner or admin; anyone else: 404). */
    async download(viewer: UserRow, id: string) {
      const [row] = await repo.ownedByIds([id], viewer.id);
      const found = row ?? (viewer.isAdmin ? await adminRow(id) : undefined);
      if (!found) throw notFound('Image not found');
      const key = servedKey(found, viewer as Viewer);
      const obj = await deps.storage.get(key);
      if (!obj) throw notFound('Image not found');
      const type = obj.contentType || contentTypeOfKey(key);
      return {
        stream: obj.stream,
        size: obj.size,
        contentType: type,
        disposition: contentDisposition(downloadName(found, type, true), downloadName(found, type, false)),
      };
    },

    /**
     * The chosen images as one zip, streamed while it is built: fflate's streaming Zip with each image
     * stored as it is (JPEG and WebP do not compress), read from storage one after another and written
     * only as fast as the client reads. `signal` stops it when the client goes away.
     */
    async zip(viewer: UserRow, body: ZipRequest, signal: AbortSignal): Promise<ZipStream> {
      await createRateLimiter(deps.db)
        .owned(viewer.id)
        .enforce(`zip:user:${viewer.id}`, ZIP_WINDOW_MS, ZIP_LIMIT, ZIP_TEXTS.rateLimited);
      let rows: ImageWithNames[];
      if (body.ids) {
        const ids = [...new Set(body.ids)];
        rows = await repo.ownedByIds(ids, viewer.id);
        // another user's image (or a deleted one) is refused as a whole, without saying which
        if (rows.length !== ids.length) throw notFound(ZIP_TEXTS.notFound);
      } else if (body.packBatchId) {
        // a pack's "Download all": someone else's album has no images of this user, so it is a 404
        rows = await repo.ownedByPackBatch(body.packBatchId, viewer.id);
        if (rows.length === 0) throw notFound('Album not found');
      } else {
        rows = await repo.ownedByGeneration(body.generationId!, viewer.id);
        if (rows.length === 0) throw notFound('Generation not found');
      }
      const out = new PassThrough({ highWaterMark: ZIP_BUFFER_BYTES });
      void writeZip(rows, viewer, out, signal).catch((err: unknown) => {
        // the headers are gone: the client sees a cut-off download, never a 500 body mid-stream
        if (!signal.aborted) deps.log.error({ err, userId: viewer.id }, 'zip download failed mid-stream');
        out.destroy(err instanceof Error ? err : new Error('zip failed'));
      });
      return { stream: out, fileName: zipFileName(), count: rows.length };
    },
  };

  async function adminRow(id: string) {
    const row = await repo.byId(id);
    if (!row) return undefined;
    const [named] = await repo.ownedByIds([id], row.userId);
    return named;
  }

  async function writeZip(rows: ImageWithNames[], viewer: UserRow, out: PassThrough, signal: AbortSignal) {
    let zipError: Error | null = null;
    const zip = new Zip((err, chunk, final) => {
      if (err) {
        zipError = err;
        return;
      }
      out.write(chunk);
      if (final) out.end();
    });
    const stopped = () => signal.aborted || out.destroyed;
    // waits while the client has not read what is buffered; a gone client ends the wait too
    const drained = async () => {
      if (zipError) throw zipError;
      if (!out.writableNeedDrain || stopped()) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        out.once('drain', done);
        out.once('close', done);
        signal.addEventListener('abort', done);
      });
    };
    const used = new Set<string>();
    const manifest: ReturnType<typeof manifestEntry>[] = [];
    for (const row of rows) {
      if (stopped()) return;
      const key = servedKey(row, viewer as Viewer);
      const obj = await deps.storage.get(key);
      if (!obj) {
        deps.log.warn({ imageId: row.id, key }, 'zip download: a stored image is missing, left out');
        continue;
      }
      let file = downloadName(row, obj.contentType || contentTypeOfKey(key));
      if (used.has(file)) file = file.replace(/-([0-9a-f]{8})\.(\w+)$/, `-${row.id}.$2`);
      used.add(file);
      const entry = new ZipPassThrough(`images/${file}`);
      zip.add(entry);
      const source = obj.stream;
      const abort = () => source.destroy();
      signal.addEventListener('abort', abort);
      try {
        for await (const chunk of source) {
          if (stopped()) return;
          entry.push(chunk as Uint8Array);
          await drained();
        }
      } finally {
        signal.removeEventListener('abort', abort);
      }
      if (stopped()) return;
      entry.push(new Uint8Array(0), true);
      await drained();
      manifest.push(manifestEntry(row, `images/${file}`, key !== row.storageKey));
    }
    const info = new ZipDeflate('manifest.json', { level: 6 });
    zip.add(info);
    const text = JSON.stringify(
      { createdAt: new Date().toISOString(), count: manifest.length, images: manifest },
      null,
      2,
    );
    info.push(new TextEncoder().encode(text), true);
    zip.end();
    await drained();
  }
}
