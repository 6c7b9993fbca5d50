import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createOfflinePaymentsEngine, type OfflinePaymentsEngine } from './offline';
import type { StripePaymentsEngine } from './stripe';
import { createStripePaymentsEngine } from './stripe';

export type AnyPaymentsEngine = OfflinePaymentsEngine | StripePaymentsEngine;

// Same rule as engines/index.ts engineNames(): Stripe when its key is set, else offline.
export function createPaymentsEngine(config: Config, db: Db): AnyPaymentsEngine {
  return config.stripe ? createStripePaymentsEngine(config.stripe) : createOfflinePaymentsEngine(db);
}
