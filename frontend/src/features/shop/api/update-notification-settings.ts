import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { NotificationSettings } from '../../../lib/models';
import { getNotificationSettingsKey, NOTIFICATION_SETTINGS_PATH } from './get-notification-settings';

/** Saves the addresses, given as one comma-separated string; the server checks each one. */
export function updateNotificationSettings(clientId: string, emailAddresses: string): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>(NOTIFICATION_SETTINGS_PATH, {
    method: 'PUT',
    clientId,
    body: { email_addresses: emailAddresses },
  });
}

export function useUpdateNotificationSettings(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (emailAddresses: string) => {
      const saved = await updateNotificationSettings(clientId, emailAddresses);
      void mutate(getNotificationSettingsKey(clientId), saved, { revalidate: false });
      return saved;
    },
    [clientId, mutate],
  );
}
