import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, assertSafePrefix, contentTypeOfKey, type Storage } from './storage';

const TMP = /\.[0-9a-f-]{36}\.tmp$/;

export function createLocalStorage(root: string): Storage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  const isMissing = (err: unknown) => {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
  };

  async function walk(dir: string, prefix: string, out: string[]) {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const e of entries) {
      if (e.isDirectory()) await walk(path.join(dir, e.name), `${prefix}${e.name}/`, out);
      // a write in flight (put's temp file) is not an object yet
      else if (e.isFile() && !TMP.test(e.name)) out.push(`${prefix}${e.name}`);
    }
  }

  const storage: Storage = {
    kind: 'local',
    async put(key, data) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      // write-then-rename: a crash never leaves half a file under the real name
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async putStream(key, data) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      let bytes = 0;
      data.on('data', (chunk: Buffer) => (bytes += chunk.length));
      try {
        await pipeline(data, createWriteStream(tmp));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return bytes;
    },
    async head(key) {
      try {
        const s = await stat(full(key));
        return s.isFile() ? { size: s.size, contentType: contentTypeOfKey(key) } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async get(key, range) {
      const info = await storage.head(key);
      if (!info) return null;
      return {
        stream: createReadStream(full(key), range ? { start: range.start, end: range.end } : {}),
        ...info,
      };
    },
    async getBuffer(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const out: string[] = [];
      await walk(full(prefix.slice(0, -1)), prefix, out);
      return out.sort();
    },
    async deletePrefix(prefix) {
      const keys = await storage.list(prefix);
      await rm(full(prefix.slice(0, -1)), { recursive: true, force: true });
      return keys.length;
    },
  };
  return storage;
}
