// What other modules (and app.ts, scripts) may use of two-factor/ (docs/architecture.md "Module walls").
export { createTwoFactorService, type TwoFactorService } from './two-factor.service';
export { createPasskeysService, type PasskeysService } from './passkeys.service';
