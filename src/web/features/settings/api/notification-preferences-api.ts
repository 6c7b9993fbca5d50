import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@shared/api/notifications';
import type { NotificationKind } from '@shared/schemas/notifications';
import { apiQuery, call, keyOf } from '@web/lib/api-client';

/** The per-kind mail switches (Settings → Notifications); the same ones a mail's unsubscribe link turns off. */
export const notificationPreferenceKeys = { all: keyOf(notificationsApi.preferences) };

export function useNotificationPreferences() {
  return useQuery({ ...apiQuery(notificationsApi.preferences), staleTime: 0 });
}

export function useSetNotificationMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: NotificationKind; on: boolean }) =>
      call(notificationsApi.setPreferences, { body: { mail: { [kind]: on } } }),
    meta: { errorTitle: 'Update failed' },
    onSuccess: (data) => client.setQueryData(notificationPreferenceKeys.all, data),
  });
}
