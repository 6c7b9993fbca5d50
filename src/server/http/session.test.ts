import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthService } from '../modules/auth/auth.service';
import { registerSession, SESSION_COOKIE } from './session';
import { registerStatic } from './static';

let dir: string;
let app: FastifyInstance;
const reads: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lora-session-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(path.join(dir, 'assets/app-abc123.js'), 'export {};\n');
  app = Fastify();
  await app.register(fastifyCookie, { secret: 'a-test-secret-that-is-long-enough' });
  // only the session read matters here: it records the token and answers "no such session"
  const auth = {
    userForSession: async (token: string) => {
      reads.push(token);
      return null;
    },
  } as unknown as AuthService;
  registerSession(app, auth);
  app.get('/api/probe', async () => ({ ok: true }));
  await registerStatic(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('session read', () => {
  it('skips the built client files (the same for everyone) and reads the session for the API', async () => {
    const cookie = `${SESSION_COOKIE}=${app.signCookie('token-1')}`;
    const asset = await app.inject({ url: '/assets/app-abc123.js', headers: { cookie } });
    expect(asset.statusCode).toBe(200);
    expect(reads).toEqual([]);

    const api = await app.inject({ url: '/api/probe', headers: { cookie } });
    expect(api.statusCode).toBe(200);
    expect(reads).toEqual(['token-1']);
  });
});
