import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertSafeKey, type Storage } from './storage';

const types: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.zip': 'application/zip',
  '.json': 'application/json',
  '.safetensors': 'application/octet-stream',
};

export function createLocalStorage(root: string): Storage {
  const full = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      // write-then-rename: a crash never leaves half a file under the real name
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async get(key) {
      const file = full(key);
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
        return {
          stream: createReadStream(file),
          size: s.size,
          contentType: types[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    async getBuffer(key) {
      try {
        return await readFile(full(key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(full(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
  };
}
