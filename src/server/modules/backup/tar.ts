import { Readable } from 'node:stream';

// The stored files' archive in a backup: plain POSIX ustar, so `tar -xf files.tar` opens it anywhere.
// Only what the backup writes is supported: regular files, names of up to 255 characters split into
// ustar's prefix and name fields.

const BLOCK = 512;

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  // the prefix ends at a slash; the name after it must fit in 100 bytes
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`name too long for the archive: ${name}`);
}

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const h = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** the end of an archive: two empty blocks */
export const TAR_END = Buffer.alloc(2 * BLOCK);

/** An archive of `entries`, read one at a time as the stream is consumed (bounded memory). */
export function tarStream(entries: AsyncIterable<{ name: string; data: Buffer; mtime?: Date }>): Readable {
  return Readable.from(
    (async function* () {
      for await (const e of entries) {
        yield tarHeader(e.name, e.data.length, e.mtime);
        yield e.data;
        yield tarPadding(e.data.length);
      }
      yield TAR_END;
    })(),
  );
}

function field(h: Buffer, start: number, length: number) {
  const raw = h.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The files of an archive, in order, each whole in memory while it is handled. */
export async function* readTar(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<{
  name: string;
  data: Buffer;
}> {
  let buf = Buffer.alloc(0);
  const chunks = source[Symbol.asyncIterator]();
  let done = false;
  // chunks are joined once per need, not once per chunk: a large file is copied once
  let pending: Buffer[] = [];
  let pendingLength = 0;
  async function need(n: number) {
    while (buf.length + pendingLength < n && !done) {
      const next = await chunks.next();
      if (next.done) done = true;
      else {
        pending.push(Buffer.from(next.value));
        pendingLength += next.value.length;
      }
    }
    if (pending.length > 0) {
      buf = Buffer.concat([buf, ...pending]);
      pending = [];
      pendingLength = 0;
    }
    return buf.length >= n;
  }
  for (;;) {
    if (!(await need(BLOCK))) throw new Error('archive ends without its end blocks');
    const header = buf.subarray(0, BLOCK);
    if (header.every((b) => b === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== parseInt(field(header, 148, 8).trim(), 8))
      throw new Error('archive header checksum is wrong');
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = field(header, 156, 1);
    const prefix = field(header, 345, 155);
    const base = field(header, 0, 100);
    const name = prefix ? `${prefix}/${base}` : base;
    const total = BLOCK + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (!(await need(total))) throw new Error(`archive ends inside ${name}`);
    const data = Buffer.from(buf.subarray(BLOCK, BLOCK + size));
    buf = buf.subarray(total);
    if (type === '0' || type === '') yield { name, data };
  }
}
