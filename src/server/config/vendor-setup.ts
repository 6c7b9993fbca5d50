import { unreachableReason } from '../lib/public-origin';
import type { Config } from './config-types';
import type { Env } from './env';

export const VENDOR_DEFAULT_URLS = {
  // the base each vendor's own client uses; paths are appended to it as given
  replicate: 'https://api.replicate.com/v1',
  runware: 'https://api.runware.ai/v1',
  // stripe-node takes an origin (host, port, protocol) and adds /v1 itself
  stripe: 'https://api.stripe.com',
} as const;

/** One judgement of the vendor setup: errors stop the start, warnings are logged. */
export type SetupVerdict = { level: 'error' | 'warning'; variable: string; message: string };

type VendorRule = {
  name: string;
  keyVar: keyof Env;
  urlVar: keyof Env;
  overridden: boolean;
  /** what the vendor does with PUBLIC_URL, so the operator knows why it must be reachable */
  uses: string;
  secrets: { variable: keyof Env; missing: boolean; why: string; alwaysRequired?: boolean }[];
};

/**
 * The safe start (issue 11, item 4): with a vendor key set, PUBLIC_URL must be a public https
 * origin and the vendor's secrets must be present, or the first real job would be paid for and
 * then lost. When the vendor's base URL is overridden (local doubles, a proxy) the vendor may well
 * reach this machine, so those problems only warn — except that missing secrets stay fatal in
 * production and the AIR source is always required (the hosting adapter cannot work without it).
 */
export function judgeVendorSetup(config: Config, e: Env): SetupVerdict[] {
  const rules: VendorRule[] = [];
  if (config.replicate)
    rules.push({
      name: 'Replicate',
      keyVar: 'REPLICATE_API_TOKEN',
      urlVar: 'REPLICATE_API_URL',
      overridden: config.replicate.baseUrlOverridden,
      uses: 'Replicate downloads the training photos from it and posts training webhooks to it',
      secrets: [
        {
          variable: 'REPLICATE_WEBHOOK_SECRET',
          missing: !config.replicate.webhookSecret,
          why: 'training webhooks cannot be verified and are refused, so finished trainings are noticed late (by polling). Get it from GET https://api.replicate.com/v1/webhooks/default/secret',
        },
      ],
    });
  if (config.runware)
    rules.push({
      name: 'Runware',
      keyVar: 'RUNWARE_API_KEY',
      urlVar: 'RUNWARE_API_URL',
      overridden: config.runware.baseUrlOverridden,
      uses: 'Runware downloads the trained LoRA weights and the images to caption from it',
      secrets: [
        {
          variable: 'RUNWARE_AIR_SOURCE',
          missing: !config.runware.airSource,
          why: 'trained models are uploaded to Runware under this AIR source, which must exist on your Runware account (create it on the Runware dashboard)',
          alwaysRequired: true,
        },
      ],
    });
  if (config.stripe)
    rules.push({
      name: 'Stripe',
      keyVar: 'STRIPE_SECRET_KEY',
      urlVar: 'STRIPE_API_URL',
      overridden: config.stripe.baseUrlOverridden,
      uses: 'Stripe posts payment webhooks to it',
      secrets: [
        {
          variable: 'STRIPE_WEBHOOK_SECRET',
          missing: !config.stripe.webhookSecret,
          why: 'payment webhooks cannot be verified, so paid tokens are credited late (by the reconcile job) and refunds and disputes are missed. Copy the whsec_… signing secret of the webhook endpoint from the Stripe dashboard',
        },
        {
          variable: 'STRIPE_PUBLISHABLE_KEY',
          missing: !config.stripe.publishableKey,
          why: 'the checkout page cannot load the card form without it. Copy the pk_… key from the API keys page of the Stripe dashboard',
        },
      ],
    });

  const verdicts: SetupVerdict[] = [];
  const reason = unreachableReason(config.publicUrl);
  if (reason) {
    const shown = e.PUBLIC_URL
      ? `${config.publicUrl} is`
      : `not set, so links use ${config.publicUrl}, which is`;
    const strict = rules.filter((r) => !r.overridden);
    if (strict.length > 0) {
      verdicts.push({
        level: 'error',
        variable: 'PUBLIC_URL',
        message:
          `PUBLIC_URL: ${shown} not a public https:// origin the vendors can reach (${reason}); ` +
          strict.map((r) => `${r.uses} (${r.keyVar} is set)`).join('; ') +
          '. Set PUBLIC_URL to the https origin your site is served at.',
      });
    }
    const relaxed = rules.filter((x) => x.overridden);
    if (relaxed.length > 0) {
      const vars = relaxed.map((r) => r.urlVar).join(', ');
      const names = relaxed.map((r) => r.name).join(', ');
      verdicts.push({
        level: 'warning',
        variable: 'PUBLIC_URL',
        message: `PUBLIC_URL: ${shown} not a public https:// origin (${reason}); allowed because ${vars} ${relaxed.length > 1 ? 'point' : 'points'} ${names} elsewhere (a proxy or local doubles) — the real ${relaxed.length > 1 ? 'vendors' : names} could not reach it.`,
      });
    }
  }
  for (const r of rules) {
    for (const s of r.secrets.filter((x) => x.missing)) {
      const fatal = s.alwaysRequired || !r.overridden || config.env === 'production';
      verdicts.push({
        level: fatal ? 'error' : 'warning',
        variable: s.variable,
        message: `${s.variable}: required when ${r.keyVar} is set: ${s.why}.${fatal ? '' : ` Allowed because ${r.urlVar} is overridden.`}`,
      });
    }
  }
  // a PaymentIntent made with a test secret key cannot be confirmed with a live publishable key, and back
  const mode = (key: string | undefined) => /^(?:sk|rk|pk)_(live|test)_/.exec(key ?? '')?.[1];
  const secretMode = mode(config.stripe?.secretKey);
  const publishableMode = mode(config.stripe?.publishableKey);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    verdicts.push({
      level: 'error',
      variable: 'STRIPE_PUBLISHABLE_KEY',
      message: `STRIPE_PUBLISHABLE_KEY: is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key; use the pair from the same mode of the Stripe dashboard.`,
    });
  }
  return verdicts;
}
