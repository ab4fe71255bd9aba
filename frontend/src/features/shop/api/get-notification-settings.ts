import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { NotificationSettings } from '../../../lib/models';

export const NOTIFICATION_SETTINGS_PATH = `${API_BASE_PATH}/notification_settings`;

export function getNotificationSettings(clientId: string): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>(NOTIFICATION_SETTINGS_PATH, { clientId });
}

export function getNotificationSettingsKey(clientId: string) {
  return ['notification-settings', clientId] as const;
}

export function useNotificationSettings(clientId: string) {
  return useSWR(getNotificationSettingsKey(clientId), () => getNotificationSettings(clientId));
}
