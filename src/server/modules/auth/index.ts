// What other modules (and app.ts, http/) may use of auth/ (docs/architecture.md "Module walls").
export { createAuthService, type AuthService } from './auth.service';
export { defineAuthJobs } from './auth.jobs';
export { deleteExpiredSessions, endAfterPasswordChange, endUserSessions } from './session-ends';
export { deviceCredential, nameCounters, type DeviceCookie } from './login-throttle';
export { CAPPED_COUNTER_WINDOW_MS, CAPPED_MAILS, cappedCounterKey } from './mail-caps';
// the second factor's code step is throttled by the same rules as the password (modules/two-factor)
export { CEILING_RULE, CLIENT_RULE, isKnownDevice, secondsLeft, waitAfterFailures } from './login-throttle';
