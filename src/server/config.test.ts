import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config';

const base = { DATA_DIR: '/tmp/lora-config-test', SESSION_SECRET: 'x'.repeat(40) };
// every vendor configured the way production needs it
const live = {
  ...base,
  PUBLIC_URL: 'https://studio.example.com',
  REPLICATE_API_TOKEN: 'r8_x',
  REPLICATE_WEBHOOK_SECRET: 'whsec_x',
  RUNWARE_API_KEY: 'rw',
  RUNWARE_AIR_SOURCE: 'acme',
  STRIPE_SECRET_KEY: 'sk_test',
  STRIPE_WEBHOOK_SECRET: 'whsec_y',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_y',
};

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

  it('reads JOB_CONCURRENCY as a total and per-kind limits, keeping the defaults of kinds not named', () => {
    const defaults = loadConfig(base).jobConcurrency;
    expect(defaults.total).toBe(8);
    expect(defaults.perKind).toMatchObject({ generation: 4, training: 2, photos: 1, mail: 2 });
    expect(loadConfig({ ...base, JOB_CONCURRENCY: '3' }).jobConcurrency).toEqual({
      total: 3,
      perKind: defaults.perKind,
    });
    const mixed = loadConfig({ ...base, JOB_CONCURRENCY: ' 12, generation=8,training = 1 ' }).jobConcurrency;
    expect(mixed).toEqual({ total: 12, perKind: { ...defaults.perKind, generation: 8, training: 1 } });
    expect(loadConfig({ ...base, JOB_CONCURRENCY: 'total=2' }).jobConcurrency.total).toBe(2);
    const refused = (value: string) => {
      try {
        loadConfig({ ...base, JOB_CONCURRENCY: value });
        return 'accepted';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    expect(refused('renders=2')).toMatch(
      /JOB_CONCURRENCY: unknown job kind "renders" \(kinds: total, generation, /,
    );
    expect(refused('generation=0')).toMatch(
      /JOB_CONCURRENCY: "generation=0": each limit must be a whole number from 1 to 64/,
    );
    expect(refused('1.5')).toMatch(/JOB_CONCURRENCY: "1.5"/);
    expect(refused('mail=x')).toMatch(/JOB_CONCURRENCY: "mail=x"/);
    expect(refused('4,total=5')).toMatch(/JOB_CONCURRENCY: "total" is given twice/);
    // empty means unset, as for every variable
    expect(loadConfig({ ...base, JOB_CONCURRENCY: '' }).jobConcurrency).toEqual(defaults);
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or proxy addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, ::1,192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      '192.0.2.7',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.1,' })).toThrow(/TRUST_PROXY/);
  });

  it('traces only with an OTLP endpoint, and not when OTEL_SDK_DISABLED says so', () => {
    expect(loadConfig(base).tracing).toBeUndefined();
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: '' }).tracing).toBeUndefined();
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'lora-studio',
    });
    const tracesOnly = {
      ...base,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://api.honeycomb.io/v1/traces',
      OTEL_SERVICE_NAME: 'studio-eu',
    };
    expect(loadConfig(tracesOnly).tracing).toEqual({
      endpoint: 'https://api.honeycomb.io/v1/traces',
      serviceName: 'studio-eu',
    });
    expect(loadConfig({ ...tracesOnly, OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base, OFFLINE_TRAIN_SECONDS: '-1' })).toThrow(/OFFLINE_TRAIN_SECONDS/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b' })).toThrow(/S3_REGION/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    // an admin name the login form would refuse
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'ab' })).toThrow(/ADMIN_USERNAME/);
    expect(() => loadConfig({ ...base, ADMIN_USERNAME: 'site-admin' })).toThrow(/ADMIN_USERNAME/);
    expect(loadConfig({ ...base, ADMIN_USERNAME: 'site_admin' }).admin.username).toBe('site_admin');
  });

  it('refuses an ADMIN_PASSWORD the shared password rule or the common-password list refuses, without echoing it', () => {
    const messages = (pw: string) => {
      try {
        loadConfig({ ...base, ADMIN_USERNAME: 'site_admin', ADMIN_PASSWORD: pw });
        return 'accepted';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as Error).message).not.toContain(pw);
        return (err as Error).message;
      }
    };
    expect(messages('Password123')).toMatch(/ADMIN_PASSWORD: This password is too common/);
    expect(messages('qwerty123')).toMatch(/ADMIN_PASSWORD: This password is too common/);
    expect(messages('short1')).toMatch(/ADMIN_PASSWORD: Password must be at least 8 characters/);
    expect(messages('onlyletters')).toMatch(
      /ADMIN_PASSWORD: Password must contain at least one letter and one number/,
    );
    expect(messages('Harbor-Lamp-42')).toBe('accepted');
  });

  it('turns on vendor adapters when their keys are set and secure cookies behind https', () => {
    const c = loadConfig({ ...live });
    expect(c.replicate?.apiToken).toBe('r8_x');
    expect(c.runware?.apiKey).toBe('rw');
    expect(c.runware?.airSource).toBe('acme');
    expect(c.stripe?.secretKey).toBe('sk_test');
    expect(c.secureCookies).toBe(true);
    expect(c.warnings).toEqual([]);
  });

  it("fills in the vendors' own base URLs and records an override, used as given", () => {
    const c = loadConfig({ ...live });
    expect(c.replicate).toMatchObject({ baseUrl: 'https://api.replicate.com/v1', baseUrlOverridden: false });
    expect(c.runware).toMatchObject({ baseUrl: 'https://api.runware.ai/v1', baseUrlOverridden: false });
    expect(c.stripe).toMatchObject({ baseUrl: 'https://api.stripe.com', baseUrlOverridden: false });
    const o = loadConfig({
      ...live,
      REPLICATE_API_URL: 'https://proxy.example.com/replicate/v1/',
      RUNWARE_API_URL: 'https://proxy.example.com/runware/v1',
      STRIPE_API_URL: 'https://stripe-proxy.example.com:8443',
    });
    expect(o.replicate).toMatchObject({
      baseUrl: 'https://proxy.example.com/replicate/v1',
      baseUrlOverridden: true,
    });
    expect(o.runware).toMatchObject({
      baseUrl: 'https://proxy.example.com/runware/v1',
      baseUrlOverridden: true,
    });
    expect(o.stripe).toMatchObject({
      baseUrl: 'https://stripe-proxy.example.com:8443',
      baseUrlOverridden: true,
    });
    // spelling out the vendor's own URL is no override: it does not relax the safe start
    const spelled = {
      REPLICATE_API_URL: 'https://api.replicate.com/v1/',
      RUNWARE_API_URL: 'https://api.runware.ai/v1',
      STRIPE_API_URL: 'https://api.stripe.com',
    };
    const d = loadConfig({ ...live, ...spelled });
    expect([
      d.replicate?.baseUrlOverridden,
      d.runware?.baseUrlOverridden,
      d.stripe?.baseUrlOverridden,
    ]).toEqual([false, false, false]);
    expect(() => loadConfig({ ...live, ...spelled, PUBLIC_URL: 'http://127.0.0.1:3000' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('refuses base URLs in the old form: a bare Replicate/Runware origin, a Stripe URL with a path', () => {
    expect(() => loadConfig({ ...live, REPLICATE_API_URL: 'https://api.replicate.com' })).toThrow(
      /REPLICATE_API_URL: .*https:\/\/api\.replicate\.com\/v1/,
    );
    expect(() => loadConfig({ ...live, RUNWARE_API_URL: 'https://api.runware.ai/' })).toThrow(
      /RUNWARE_API_URL/,
    );
    expect(() => loadConfig({ ...live, STRIPE_API_URL: 'https://api.stripe.com/v1' })).toThrow(
      /STRIPE_API_URL: give an origin only/,
    );
  });

  it('requires RUNWARE_AIR_SOURCE with RUNWARE_API_KEY, even against a local double', () => {
    const { RUNWARE_AIR_SOURCE: _, ...noSource } = live;
    expect(() => loadConfig(noSource)).toThrow(ConfigError);
    expect(() => loadConfig(noSource)).toThrow(
      /RUNWARE_AIR_SOURCE: required when RUNWARE_API_KEY is set: .*must exist on your Runware account/,
    );
    expect(() => loadConfig({ ...noSource, RUNWARE_API_URL: 'http://127.0.0.1:9/v1' })).toThrow(
      /RUNWARE_AIR_SOURCE/,
    );
    expect(() => loadConfig({ ...live, RUNWARE_AIR_SOURCE: 'acme:1@1' })).toThrow(
      /RUNWARE_AIR_SOURCE: must be the source name only/,
    );
  });

  it('refuses a vendor key when PUBLIC_URL is not a public https origin, naming the vendor and why', () => {
    const cases: [string | undefined, RegExp][] = [
      [
        undefined,
        /PUBLIC_URL: not set, so links use http:\/\/127\.0\.0\.1:3000, which is not a public https:\/\/ origin/,
      ],
      ['http://studio.example.com', /\(it uses http, not https\)/],
      ['http://192.168.1.5:3000', /it uses http, not https; 192\.168\.1\.5 is a private address/],
      ['https://localhost:3000', /loopback/],
      ['https://127.0.0.1', /loopback/],
      ['https://10.1.2.3', /private address/],
      ['https://172.20.0.5', /private address/],
      ['https://192.168.1.10', /private address/],
      ['https://169.254.169.254', /link-local/],
      ['https://[::1]:3000', /loopback/],
      ['https://[fd12:3456::1]', /unique local/],
      ['https://[::ffff:192.168.0.1]', /private address/],
      ['https://studio.local', /mDNS/],
      ['https://studio.internal', /private network name/],
    ];
    for (const [url, why] of cases) {
      for (const key of [
        { REPLICATE_API_TOKEN: 'r8_x', REPLICATE_WEBHOOK_SECRET: 'whsec_x' },
        { RUNWARE_API_KEY: 'rw', RUNWARE_AIR_SOURCE: 'acme' },
        {
          STRIPE_SECRET_KEY: 'sk_test',
          STRIPE_WEBHOOK_SECRET: 'whsec_y',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_y',
        },
      ]) {
        const env = { ...base, ...key, ...(url ? { PUBLIC_URL: url } : {}) };
        expect(() => loadConfig(env), `${url} ${Object.keys(key)[0]}`).toThrow(why);
        expect(() => loadConfig(env)).toThrow(new RegExp(`${Object.keys(key)[0]} is set`));
      }
    }
    // public origins pass, including ones that merely start like a private range
    for (const url of [
      'https://studio.example.com',
      'https://172.32.0.1',
      'https://[2001:db8::1]',
      'https://studio.example.com:8443',
    ]) {
      expect(loadConfig({ ...live, PUBLIC_URL: url }).warnings).toEqual([]);
    }
    expect(() => loadConfig({ ...live, PUBLIC_URL: 'http://127.0.0.1:3000' })).toThrow(
      /Replicate downloads the training photos.*Runware downloads.*Stripe posts payment webhooks/s,
    );
  });

  it("only warns about a local PUBLIC_URL when that vendor's base URL is overridden (local doubles, a proxy)", () => {
    const c = loadConfig({
      ...live,
      PUBLIC_URL: 'http://127.0.0.1:3000',
      REPLICATE_API_URL: 'http://127.0.0.1:4010/v1',
      RUNWARE_API_URL: 'http://127.0.0.1:4011/v1',
      STRIPE_API_URL: 'http://127.0.0.1:4012',
    });
    expect(c.warnings).toEqual([
      expect.stringMatching(
        /^PUBLIC_URL: http:\/\/127\.0\.0\.1:3000 is not a public https:\/\/ origin .*allowed because REPLICATE_API_URL, RUNWARE_API_URL, STRIPE_API_URL point Replicate, Runware, Stripe elsewhere/,
      ),
    ]);
    expect(
      loadConfig({
        ...live,
        RUNWARE_API_KEY: '',
        STRIPE_SECRET_KEY: '',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        REPLICATE_API_URL: 'http://127.0.0.1:4010/v1',
      }).warnings,
    ).toEqual([
      expect.stringMatching(
        /REPLICATE_API_URL points Replicate elsewhere .* the real Replicate could not reach it/,
      ),
    ]);
    // one vendor overridden does not excuse another that talks to the real service
    expect(() =>
      loadConfig({
        ...live,
        PUBLIC_URL: 'http://127.0.0.1:3000',
        REPLICATE_API_URL: 'http://127.0.0.1:4010/v1',
      }),
    ).toThrow(/RUNWARE_API_KEY is set.*STRIPE_SECRET_KEY is set/s);
  });

  it('refuses missing webhook secrets; with an overridden base URL they only warn, except in production', () => {
    const { REPLICATE_WEBHOOK_SECRET: _r, STRIPE_WEBHOOK_SECRET: _s, ...noSecrets } = live;
    expect(() => loadConfig(noSecrets)).toThrow(
      /REPLICATE_WEBHOOK_SECRET: required when REPLICATE_API_TOKEN is set: .*webhooks\/default\/secret/,
    );
    expect(() => loadConfig(noSecrets)).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set: .*whsec_/,
    );
    const doubles = {
      ...noSecrets,
      REPLICATE_API_URL: 'http://127.0.0.1:4010/v1',
      STRIPE_API_URL: 'http://127.0.0.1:4012',
    };
    const c = loadConfig(doubles);
    expect(c.warnings.filter((w) => /WEBHOOK_SECRET/.test(w))).toEqual([
      expect.stringMatching(/^REPLICATE_WEBHOOK_SECRET: .*Allowed because REPLICATE_API_URL is overridden/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: .*Allowed because STRIPE_API_URL is overridden/),
    ]);
    expect(() => loadConfig({ ...doubles, NODE_ENV: 'production' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('refuses Stripe without a publishable key, or with keys of different modes', () => {
    const { STRIPE_PUBLISHABLE_KEY: _, ...noPk } = live;
    expect(() => loadConfig(noPk)).toThrow(
      /STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set: the checkout page cannot load the card form/,
    );
    expect(() =>
      loadConfig({ ...live, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY: is a test key but STRIPE_SECRET_KEY is a live key/);
    expect(
      loadConfig({ ...live, STRIPE_SECRET_KEY: 'rk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }).stripe
        ?.secretKey,
    ).toBe('rk_live_1');
  });

  it('parseConfig reports every verdict without stopping (for npm run vendors:check)', () => {
    const { verdicts } = parseConfig({ ...base, REPLICATE_API_TOKEN: 'r8_x', RUNWARE_API_KEY: 'rw' });
    expect(verdicts.map((v) => [v.level, v.variable])).toEqual([
      ['error', 'PUBLIC_URL'],
      ['error', 'REPLICATE_WEBHOOK_SECRET'],
      ['error', 'RUNWARE_AIR_SOURCE'],
    ]);
    expect(parseConfig(base).verdicts).toEqual([]);
  });
});
