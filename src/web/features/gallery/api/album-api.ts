import { useQuery } from '@tanstack/react-query';
import { packsApi } from '@shared/api/packs';
import type { PackBatch } from '@shared/schemas/packs';
import { apiQuery } from '@web/lib/api-client';

/** How often an album whose pack is still rendering is read again. */
export const ALBUM_POLL_MS = 2000;
const SETTLED: PackBatch['status'][] = ['succeeded', 'partial', 'failed'];
export const isAlbumSettled = (b: PackBatch) => SETTLED.includes(b.status);

/** A pack's album (its owner's only: anyone else's is a 404), read again while the pack renders. */
export function useAlbum(id: string) {
  return useQuery({
    ...apiQuery(packsApi.album, { params: { id } }),
    refetchInterval: (q) => {
      const b = q.state.data?.album.batch;
      return b && !isAlbumSettled(b) ? ALBUM_POLL_MS : false;
    },
  });
}
