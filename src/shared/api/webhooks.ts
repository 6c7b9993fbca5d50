import type { webhooksServer } from './webhooks.server';
import { endpoints } from './define';

/** Vendor callbacks: the body stays raw bytes for the signature check, so no body schema. */
export const webhooksApi = endpoints<typeof webhooksServer>()({
  stripe: { method: 'POST', path: '/api/webhooks/stripe' },
  replicate: { method: 'POST', path: '/api/webhooks/replicate' },
});
