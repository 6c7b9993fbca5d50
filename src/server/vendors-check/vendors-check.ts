import { randomUUID } from 'node:crypto';
import { ConfigError, parseConfig, type Config, type SetupVerdict } from '../config';
import { checkGpuTrainer, type GpuVerdict } from './gpu-check';
import { checkComfyui } from './comfyui-check';

/**
 * `npm run vendors:check` — the operator's first-day check (issue 11, item 4): the setup verdicts
 * the start would give, then the cheapest read-only authenticated call to each configured vendor,
 * each with a one-line verdict and the fix. Nothing here spends money or changes vendor state.
 */

export type VendorName = 'Replicate' | 'Runware' | 'Stripe' | 'ComfyUI';
export type VendorStatus = 'OK' | 'FAILED' | 'not configured';
export type VendorVerdict = { vendor: VendorName; status: VendorStatus; detail: string; fix?: string };
export type VendorsReport = {
  setup: SetupVerdict[];
  publicUrl: string;
  vendors: VendorVerdict[];
  /** the GPU trainer on this machine (GPU_TRAINER), checked where the command runs */
  gpu?: GpuVerdict[];
};

export type CheckOptions = { timeoutMs?: number; fetch?: typeof fetch };

const DEFAULT_TIMEOUT_MS = 10_000;

const failed = (vendor: VendorName, detail: string, fix: string): VendorVerdict => ({
  vendor,
  status: 'FAILED',
  detail,
  fix,
});

type Answer = { kind: 'answer'; status: number; body: unknown } | { kind: 'unreachable'; reason: string };

/** One HTTP call that never throws: a vendor we cannot reach is a verdict, not a stack trace. */
async function call(url: string, init: RequestInit, opts: CheckOptions): Promise<Answer> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const host = hostOf(url);
  try {
    const res = await (opts.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text for the message
    }
    return { kind: 'answer', status: res.status, body };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
      const within = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
      return { kind: 'unreachable', reason: `${host} did not answer within ${within}` };
    }
    const code = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? 'network error';
    return { kind: 'unreachable', reason: `could not reach ${host} (${code})` };
  }
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const UNREACHABLE_FIX = (urlVar: string, overridden: boolean) =>
  overridden
    ? `check that ${urlVar} is right and that service is running`
    : "check this machine's network, DNS, firewall and proxy settings (outbound HTTPS must be allowed)";

/** The vendor's own words from an error body, kept short. */
function vendorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object')
    return typeof body === 'string' && body ? body.slice(0, 160) : undefined;
  const b = body as Record<string, any>;
  const msg = b.detail ?? b.error?.message ?? b.errors?.[0]?.message ?? b.message ?? b.title;
  return typeof msg === 'string' ? msg.slice(0, 160) : undefined;
}

function otherStatus(vendor: VendorName, status: number, body: unknown, statusPage: string): VendorVerdict {
  const said = vendorMessage(body);
  const suffix = said ? `: ${said}` : '';
  if (status === 429)
    return failed(vendor, `429: rate limited${suffix}`, 'wait a minute and run the check again');
  if (status >= 500)
    return failed(
      vendor,
      `${status}: ${vendor} had a server error${suffix}`,
      `try again later; see ${statusPage}`,
    );
  return failed(
    vendor,
    `${status}: unexpected answer${suffix}`,
    `check the base URL and the key; see ${statusPage}`,
  );
}

async function checkReplicate(
  rc: NonNullable<Config['replicate']>,
  opts: CheckOptions,
): Promise<VendorVerdict> {
  const vendor = 'Replicate';
  const headers = { Authorization: `Bearer ${rc.apiToken}` };
  const account = await call(`${rc.baseUrl}/account`, { headers }, opts);
  if (account.kind === 'unreachable')
    return failed(vendor, account.reason, UNREACHABLE_FIX('REPLICATE_API_URL', rc.baseUrlOverridden));
  if (account.status === 401)
    return failed(
      vendor,
      '401: the token is wrong or revoked',
      'create a token at https://replicate.com/account/api-tokens and set REPLICATE_API_TOKEN',
    );
  if (account.status === 403)
    return failed(
      vendor,
      '403: the token may not read the account',
      'use a personal or organisation API token from https://replicate.com/account/api-tokens',
    );
  if (account.status !== 200)
    return otherStatus(vendor, account.status, account.body, 'https://replicatestatus.com');
  const a = (account.body ?? {}) as { username?: string; type?: string };
  const who = `authenticated as ${a.username ?? '(unknown account)'}${a.type ? ` (${a.type})` : ''}`;

  // The signing secret is readable with the same token: a copied-wrong secret would refuse every webhook.
  if (!rc.webhookSecret)
    return {
      vendor,
      status: 'OK',
      detail: `${who}; REPLICATE_WEBHOOK_SECRET is not set, so webhooks are not verified`,
    };
  const secret = await call(`${rc.baseUrl}/webhooks/default/secret`, { headers }, opts);
  if (secret.kind === 'answer' && secret.status === 200) {
    const key = (secret.body as { key?: unknown } | null)?.key;
    if (key === rc.webhookSecret)
      return { vendor, status: 'OK', detail: `${who}; the webhook signing secret matches` };
    return failed(
      vendor,
      `${who}, but REPLICATE_WEBHOOK_SECRET is not this account's webhook signing secret (every webhook would be refused)`,
      'set REPLICATE_WEBHOOK_SECRET to the "key" from GET https://api.replicate.com/v1/webhooks/default/secret',
    );
  }
  const why = secret.kind === 'unreachable' ? secret.reason : `answered ${secret.status}`;
  return { vendor, status: 'OK', detail: `${who}; could not compare the webhook signing secret (${why})` };
}

type RunwareModel = { air?: string };
type RunwareAnswer = {
  data?: { taskType?: string; results?: RunwareModel[] }[];
  errors?: { code?: string; message?: string }[];
};

async function checkRunware(rw: NonNullable<Config['runware']>, opts: CheckOptions): Promise<VendorVerdict> {
  const vendor = 'Runware';
  // modelSearch is read-only and free; the owned models whose AIR starts with the source say it is in use
  const task = {
    taskType: 'modelSearch',
    taskUUID: randomUUID(),
    search: rw.airSource || 'flux',
    visibility: 'owned',
    limit: 100,
  };
  const res = await call(
    rw.baseUrl,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${rw.apiKey}` },
      body: JSON.stringify([task]),
    },
    opts,
  );
  if (res.kind === 'unreachable')
    return failed(vendor, res.reason, UNREACHABLE_FIX('RUNWARE_API_URL', rw.baseUrlOverridden));
  const body = (res.body ?? {}) as RunwareAnswer;
  const error = body.errors?.[0];
  const authError = res.status === 401 || res.status === 403 || /api.?key|auth/i.test(error?.code ?? '');
  if (authError)
    return failed(
      vendor,
      `${res.status}: the API key is wrong or revoked${error?.message ? ` (${error.message})` : ''}`,
      'create a key on the API Keys page of your Runware dashboard (runware.ai) and set RUNWARE_API_KEY',
    );
  if (res.status !== 200 || error) {
    if (res.status === 200 && error)
      return failed(
        vendor,
        `model search refused: ${error.code ?? 'error'}${error.message ? `: ${error.message}` : ''}`,
        "check the key's permissions on the Runware dashboard",
      );
    return otherStatus(vendor, res.status, res.body, 'https://runware.ai');
  }
  const result = body.data?.find((d) => d.taskType === 'modelSearch') ?? body.data?.[0];
  if (!result)
    return failed(
      vendor,
      'authenticated, but the answer had no modelSearch result',
      'check RUNWARE_API_URL points at the Runware API (https://api.runware.ai/v1)',
    );
  if (!rw.airSource)
    return {
      vendor,
      status: 'OK',
      detail: 'authenticated (model search works); RUNWARE_AIR_SOURCE is not set',
    };
  const under = (result.results ?? []).filter(
    (m) => typeof m.air === 'string' && m.air.startsWith(`${rw.airSource}:`),
  );
  if (under.length > 0)
    return {
      vendor,
      status: 'OK',
      detail: `authenticated; ${under.length} model(s) found under AIR source "${rw.airSource}" (e.g. ${under[0].air})`,
    };
  return {
    vendor,
    status: 'OK',
    detail: `authenticated; model search works, no models under AIR source "${rw.airSource}" yet (normal before the first upload). Make sure "${rw.airSource}" exists on your Runware dashboard, or model uploads will be refused`,
  };
}

async function checkStripe(st: NonNullable<Config['stripe']>, opts: CheckOptions): Promise<VendorVerdict> {
  const vendor = 'Stripe';
  const res = await call(
    `${st.baseUrl}/v1/balance`,
    { headers: { Authorization: `Bearer ${st.secretKey}` } },
    opts,
  );
  if (res.kind === 'unreachable')
    return failed(vendor, res.reason, UNREACHABLE_FIX('STRIPE_API_URL', st.baseUrlOverridden));
  if (res.status === 401)
    return failed(
      vendor,
      '401: the secret key is wrong or revoked',
      'copy the secret key (sk_live_… or sk_test_…) from https://dashboard.stripe.com/apikeys into STRIPE_SECRET_KEY',
    );
  if (res.status === 403)
    return failed(
      vendor,
      `403: the key may not read the balance${vendorMessage(res.body) ? ` (${vendorMessage(res.body)})` : ''}`,
      'use the standard secret key, or give the restricted key read access to Balance, PaymentIntents and Charges',
    );
  if (res.status !== 200) return otherStatus(vendor, res.status, res.body, 'https://status.stripe.com');
  const live = (res.body as { livemode?: unknown } | null)?.livemode === true;
  const mode = live ? 'live mode: real cards are charged' : 'test mode: no real money moves';
  // the card form needs the publishable key of the same mode as the secret key
  const pk = st.publishableKey;
  if (!pk)
    return failed(
      vendor,
      `balance readable (${mode}), but STRIPE_PUBLISHABLE_KEY is not set, so the card form cannot load`,
      'copy the publishable key (pk_…) from https://dashboard.stripe.com/apikeys',
    );
  if ((pk.startsWith('pk_live_') && !live) || (pk.startsWith('pk_test_') && live))
    return failed(
      vendor,
      `balance readable (${mode}), but STRIPE_PUBLISHABLE_KEY is a ${live ? 'test' : 'live'} key`,
      'use the publishable and secret keys of the same mode',
    );
  return { vendor, status: 'OK', detail: `balance readable (${mode})` };
}

async function checkComfy(cfg: NonNullable<Config['comfyui']>, opts: CheckOptions): Promise<VendorVerdict> {
  const headers: Record<string, string> = cfg.token ? { Authorization: `Bearer ${cfg.token}` } : {};
  const v = await checkComfyui(cfg, (p) => call(`${cfg.url}${p}`, { headers }, opts));
  return { vendor: 'ComfyUI', ...v };
}

/** Runs every check; configured vendors in parallel, each bounded by the timeout. */
export async function checkVendors(
  config: Config,
  setup: SetupVerdict[],
  opts: CheckOptions = {},
): Promise<VendorsReport> {
  const offline = (vendor: VendorName, keyVar: string, engine: string): VendorVerdict => ({
    vendor,
    status: 'not configured',
    detail: `${keyVar} is not set: the offline ${engine} in use`,
  });
  const vendors = await Promise.all([
    config.replicate
      ? checkReplicate(config.replicate, opts)
      : offline('Replicate', 'REPLICATE_API_TOKEN', 'trainer is'),
    config.runware
      ? checkRunware(config.runware, opts)
      : offline('Runware', 'RUNWARE_API_KEY', 'hosting, generation and captioning engines are'),
    config.stripe
      ? checkStripe(config.stripe, opts)
      : offline('Stripe', 'STRIPE_SECRET_KEY', 'payments engine is'),
    config.comfyui
      ? checkComfy(config.comfyui, opts)
      : ({
          vendor: 'ComfyUI',
          status: 'not configured',
          detail: `COMFYUI_URL is not set: hosting, generation and upscale run ${config.runware ? 'on Runware' : 'offline'}`,
        } satisfies VendorVerdict),
  ]);
  return { setup, publicUrl: config.publicUrl, vendors };
}

function formatGpu(gpu: GpuVerdict[] | undefined): string[] {
  if (!gpu || gpu.length === 0) return [];
  const lines = ['GPU trainer (ai-toolkit on this machine)'];
  for (const v of gpu) {
    lines.push(`  ${v.check.padEnd(12)}${v.status.padEnd(8)}${v.detail}`);
    if (v.fix) lines.push(`  ${''.padEnd(20)}fix: ${v.fix}`);
  }
  return lines;
}

export function formatReport(report: VendorsReport): string[] {
  const lines: string[] = [];
  const configured = report.vendors.filter((v) => v.status !== 'not configured');
  if (configured.length === 0) {
    lines.push(
      report.gpu?.length
        ? 'No vendor keys are set: training runs on the GPU (below); the offline engines do hosting, generation, captioning and payments.'
        : 'No vendor keys are set: the offline engines are in use (training, hosting, generation, captioning, payments).',
    );
    lines.push(
      'Set REPLICATE_API_TOKEN, RUNWARE_API_KEY or STRIPE_SECRET_KEY to use real vendors (see docs/operators/vendors.md), or COMFYUI_URL for self-hosted generation (docs/operators/self-hosted-gpu.md).',
    );
    return [...lines, ...formatGpu(report.gpu)];
  }
  lines.push('Setup');
  const errors = report.setup.filter((v) => v.level === 'error');
  if (!report.setup.some((v) => v.variable === 'PUBLIC_URL'))
    lines.push(`  OK      PUBLIC_URL ${report.publicUrl} is a public https origin`);
  for (const v of report.setup) lines.push(`  ${v.level === 'error' ? 'ERROR ' : 'WARN  '}  ${v.message}`);
  if (errors.length === 0 && !report.setup.some((v) => v.variable !== 'PUBLIC_URL'))
    lines.push('  OK      required secrets are set');
  if (errors.length > 0) lines.push('  The server refuses to start until the ERROR lines are fixed.');
  lines.push('Vendors');
  for (const v of report.vendors) {
    lines.push(`  ${v.vendor.padEnd(10)}${v.status.padEnd(16)}${v.detail}`);
    if (v.fix) lines.push(`  ${''.padEnd(26)}fix: ${v.fix}`);
  }
  return [...lines, ...formatGpu(report.gpu)];
}

/** Exit code: 0 when everything configured works, 1 when a vendor or the setup fails, 2 on malformed config. */
export function exitCode(report: VendorsReport): number {
  const failed =
    report.vendors.some((v) => v.status === 'FAILED') ||
    report.setup.some((v) => v.level === 'error') ||
    (report.gpu ?? []).some((v) => v.status === 'FAILED');
  return failed ? 1 : 0;
}

/** The whole command: reads the environment the way the server does, prints, returns the exit code. */
export async function runVendorsCheck(
  env: Record<string, string | undefined>,
  print: (line: string) => void,
  opts: CheckOptions = {},
): Promise<number> {
  let parsed;
  try {
    // the check needs no session secret: do not create one in DATA_DIR as a side effect
    parsed = parseConfig(env, { sessionSecret: 'unused-by-vendors-check' });
  } catch (err) {
    if (err instanceof ConfigError) {
      print(err.message);
      return 2;
    }
    throw err;
  }
  const report = await checkVendors(parsed.config, parsed.verdicts, opts);
  report.gpu = await checkGpuTrainer(parsed.config, env);
  for (const line of formatReport(report)) print(line);
  return exitCode(report);
}
