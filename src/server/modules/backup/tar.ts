import { Readable } from 'node:stream';
import { extract, pack } from 'tar-stream';

// The stored files' archive in a backup: a plain tar (tar-stream writes ustar, with a pax header only
// for a name ustar cannot hold), so `tar -xf files.tar` opens it anywhere.

/**
 * An archive of `entries`, read one at a time as the stream is consumed: each entry's callback comes
 * once the archive has taken its bytes, so memory stays at about one file.
 */
export function tarStream(entries: AsyncIterable<{ name: string; data: Buffer; mtime?: Date }>): Readable {
  const archive = pack();
  void (async () => {
    try {
      for await (const e of entries)
        await new Promise<void>((resolve, reject) =>
          archive.entry({ name: e.name, size: e.data.length, mode: 0o644, mtime: e.mtime }, e.data, (err) =>
            err ? reject(err) : resolve(),
          ),
        );
      archive.finalize();
    } catch (err) {
      archive.destroy(err as Error);
    }
  })();
  // a Node stream for the callers (S3's upload and file streams check for one)
  return Readable.from(archive);
}

/** The regular files of an archive, in order, each whole in memory while it is handled. */
export async function* readTar(
  source: AsyncIterable<Buffer | Uint8Array>,
): AsyncGenerator<{ name: string; data: Buffer }> {
  const reader = extract();
  const feeding = (async () => {
    try {
      for await (const chunk of source)
        if (!reader.write(Buffer.from(chunk)))
          await new Promise<void>((r) => reader.once('drain', () => r()));
      reader.end(Buffer.alloc(0)); // an empty last chunk: the types of this stream take end(chunk) only
    } catch (err) {
      reader.destroy(err as Error);
    }
  })();
  for await (const entry of reader) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array));
    if (entry.header.type === 'file') yield { name: entry.header.name, data: Buffer.concat(chunks) };
  }
  await feeding;
}
