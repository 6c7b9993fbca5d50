import { randomBytes } from 'node:crypto';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

export type ZipEntry = { name: string; bytes: number; text?: string };

/**
 * Reads a zip from a stream, entry by entry (never whole): every entry's name and size, and the text of
 * the entries `keepText` names. The archives under test are streamed, so their stored files carry
 * their sizes after the data; this reader (fflate's `Unzip`) then ends such a file at the next "PK"
 * signature it meets, where an unzip tool reads the sizes from the central directory instead. Test
 * data stored this way comes from `zipSafeNoise`.
 */
export async function readZipStream(
  chunks: AsyncIterable<Uint8Array>,
  keepText: (name: string) => boolean,
): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  const pending: Promise<void>[] = [];
  const unzip = new Unzip((file) => {
    const entry: ZipEntry = { name: file.name, bytes: 0 };
    entries.push(entry);
    const parts: Uint8Array[] = [];
    pending.push(
      new Promise<void>((resolve, reject) => {
        file.ondata = (err, chunk, final) => {
          if (err) return reject(err);
          entry.bytes += chunk.length;
          if (keepText(file.name)) parts.push(chunk);
          if (final) {
            if (parts.length) entry.text = Buffer.concat(parts).toString('utf8');
            resolve();
          }
        };
      }),
    );
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  for await (const chunk of chunks) unzip.push(chunk);
  unzip.push(new Uint8Array(0), true);
  await Promise.all(pending);
  return entries;
}

/**
 * Random, so incompressible, bytes with no 0x50 ("P"), so none of the three "PK" signatures that end a
 * stored file for `readZipStream`: a random MiB holds one about once in 1,400, and the download and the
 * export tests each read an image shorter than it was in a CI run before their data left them out.
 */
export function zipSafeNoise(size: number): Buffer {
  const bytes = randomBytes(size);
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x50) bytes[i] = 0x51;
  return bytes;
}
