import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { UiSettings } from '../../../lib/models';

export function getUiSettings(): Promise<UiSettings> {
  return apiRequest<UiSettings>(`${API_BASE_PATH}/settings/ui`, { anonymous: true });
}

export const uiSettingsKey = 'settings/ui';

export function useUiSettings() {
  return useSWR(uiSettingsKey, getUiSettings, { revalidateOnFocus: false });
}
