import { adminApi } from '@shared/api/admin';
import { generationApi } from '@shared/api/generation';
import { imagesApi } from '@shared/api/images';
import { packsApi } from '@shared/api/packs';
import { stylesApi } from '@shared/api/styles';
import type { AdminGalleryQuery } from '@shared/schemas/generation';
import type { AuditQueryInput } from '@shared/schemas/audit';
import type { UPLOAD_STATUSES } from '@shared/constants';
import { keyOf } from '@web/lib/api-client';
import { ticketKeys } from '@web/lib/query-keys';

// Every admin read's cache key, from the route descriptors (lib/api-client.ts): one place, so a
// change in one area can name what it makes stale in another. A bare key is a prefix.

/** Every style, inactive and NSFW ones too: an admin picks or filters by any of them. */
export const ALL_STYLES = { showNsfw: true, includeInactive: true } as const;

/** The audit log's filters as sent; empty ones are left out of the URL. */
export type AuditFilters = Omit<AuditQueryInput, 'cursor' | 'limit'>;
/** The image gallery's filters as sent: "all" and empty choices are left out. */
export type AdminGalleryFilter = Omit<AdminGalleryQuery, 'cursor' | 'limit'>;
export type UploadLogFilter = { search?: string; status?: (typeof UPLOAD_STATUSES)[number] };

export const adminKeys = {
  stats: keyOf(adminApi.stats),
  imageCount: keyOf(adminApi.imageCount),
  ledgerCheck: keyOf(adminApi.ledgerCheck),
  users: keyOf(adminApi.users),
  userList: (search: string) => keyOf(adminApi.users, { query: { search: search || undefined } }),
  models: keyOf(adminApi.models),
  modelList: (search: string) => keyOf(adminApi.models, { query: { search: search || undefined } }),
  packages: keyOf(adminApi.packages),
  sales: keyOf(adminApi.sales),
  system: keyOf(adminApi.system),
  upscalePrices: keyOf(imagesApi.adminUpscalePrices),
};

export const auditKeys = {
  all: keyOf(adminApi.audit),
  list: (f: AuditFilters) => keyOf(adminApi.audit, { query: f }),
};

export const adminGalleryKeys = {
  all: keyOf(adminApi.images),
  list: (filter: AdminGalleryFilter) => keyOf(adminApi.images, { query: filter }),
  baseModels: keyOf(generationApi.baseModels),
  styles: keyOf(stylesApi.list, { query: ALL_STYLES }),
};

export const outboxKeys = {
  all: keyOf(adminApi.outbox),
  list: (limit: number) => keyOf(adminApi.outbox, { query: { limit } }),
};

export const adminPackKeys = { all: keyOf(packsApi.adminList), userList: keyOf(packsApi.list) };

export const adminSupportKeys = { all: ticketKeys.all, everyone: ticketKeys.everyone };

export const uploadLogKeys = {
  all: keyOf(adminApi.uploadLogs),
  list: (filter: UploadLogFilter) => keyOf(adminApi.uploadLogs, { query: filter }),
};
