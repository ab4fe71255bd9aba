import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { CronPreview } from '../../../lib/models';

/** The next five times a crontab fires in a time zone, or why the crontab is not valid. */
export function getCronPreview(crontab: string, timeZone: string): Promise<CronPreview> {
  return apiRequest<CronPreview>(`${API_BASE_PATH}/reports/cron_preview`, {
    query: { crontab, time_zone: timeZone },
  });
}

export function getCronPreviewKey(crontab: string, timeZone: string) {
  return crontab.trim() ? (['cron-preview', crontab.trim(), timeZone] as const) : null;
}

export function useCronPreview(crontab: string, timeZone: string) {
  return useSWR(getCronPreviewKey(crontab, timeZone), ([, expression, zone]) => getCronPreview(expression, zone), {
    keepPreviousData: true,
  });
}
