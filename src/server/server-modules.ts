import { accountDeletionModule } from './modules/account-deletion/module';
import { adminModule } from './modules/admin/module';
import { apiKeysModule } from './modules/api-keys/module';
import { auditModule } from './modules/audit/module';
import { authModule } from './modules/auth/module';
import { backupModule } from './modules/backup/module';
import { consentModule } from './modules/consent/module';
import { dataExportsModule } from './modules/data-exports/module';
import { galleryModule } from './modules/gallery/module';
import { generationModule } from './modules/generation/module';
import { likenessModule } from './modules/likeness/module';
import { modelsModule } from './modules/models/module';
import { notificationsModule } from './modules/notifications/module';
import { packsModule } from './modules/packs/module';
import { paymentsModule } from './modules/payments/module';
import { referralsModule } from './modules/referrals/module';
import { retentionModule } from './modules/retention/module';
import { stylesModule } from './modules/styles/module';
import { supportModule } from './modules/support/module';
import { systemModule } from './modules/system/module';
import { themeModule } from './modules/theme/module';
import { tokensModule } from './modules/tokens/module';
import { twoFactorModule } from './modules/two-factor/module';
import { upscaleModule } from './modules/upscale/module';
import { usersModule } from './modules/users/module';
import { vitalsModule } from './modules/vitals/module';
import type { ServerModule } from './http/server-module';

// Every server module, once: buildApp (app.ts) registers their routes, registerJobs (register-jobs.ts)
// their jobs and the maintenance job their sweeps. A new module is one line here.
export const SERVER_MODULES: readonly ServerModule[] = [
  systemModule,
  authModule,
  twoFactorModule,
  usersModule,
  themeModule,
  stylesModule,
  generationModule,
  modelsModule,
  consentModule,
  retentionModule,
  galleryModule,
  upscaleModule,
  tokensModule,
  paymentsModule,
  referralsModule,
  adminModule,
  auditModule,
  supportModule,
  accountDeletionModule,
  dataExportsModule,
  apiKeysModule,
  packsModule,
  notificationsModule,
  vitalsModule,
  likenessModule,
  backupModule,
];
