import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { DATA_DIR: '/tmp/lora-config-test', SESSION_SECRET: 'x'.repeat(40) };

describe('config', () => {
  it('defaults to the embedded database, local storage and offline engines', () => {
    const c = loadConfig(base);
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.offline).toEqual({ trainSeconds: 60, hostSeconds: 10 });
    expect(c.replicate).toBeUndefined();
    expect(c.secureCookies).toBe(false);
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base, OFFLINE_TRAIN_SECONDS: '-1' })).toThrow(/OFFLINE_TRAIN_SECONDS/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b' })).toThrow(/S3_REGION/);
    // an admin name the login form would refuse
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'ab' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'site-admin' })).toThrow(/ADMIN_USERNAME/);
    expect(loadConfig({ ...base, ADMIN_USERNAME: 'site_admin' }).admin.username).toBe('site_admin');
  });

  it('turns on vendor adapters when their keys are set and secure cookies behind https', () => {
    const c = loadConfig({ ...base, REPLICATE_API_TOKEN: 'r8_x', RUNWARE_API_KEY: 'rw', STRIPE_SECRET_KEY: 'sk_test', PUBLIC_URL: 'https://studio.example.com' });
    expect(c.replicate?.apiToken).toBe('r8_x');
    expect(c.runware?.apiKey).toBe('rw');
    expect(c.stripe?.secretKey).toBe('sk_test');
    expect(c.secureCookies).toBe(true);
  });
});
