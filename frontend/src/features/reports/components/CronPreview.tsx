import { useCronPreview } from '../api/get-cron-preview';
import { formatFireTime } from '../fire-time';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Asks the server only once typing pauses, not on every key. */
export const CRON_PREVIEW_DEBOUNCE_MS = 400;

/** The next five times a crontab fires, in its time zone, or why the server refuses it; follows typing. */
export function CronPreview({ crontab, timeZone }: { crontab: string; timeZone: string }) {
  const debouncedCrontab = useDebouncedValue(crontab, CRON_PREVIEW_DEBOUNCE_MS);
  const { data: preview } = useCronPreview(debouncedCrontab, timeZone);

  if (!debouncedCrontab.trim()) return null;
  return (
    <div className="small mt-2" aria-live="polite" data-testid="cron-preview">
      {!preview ? (
        <span className="text-muted">Checking…</span>
      ) : preview.error ? (
        <span className="text-danger">{preview.error}</span>
      ) : (
        <>
          <span className="text-muted">Next fire times:</span>
          <ol className="mb-0">
            {preview.next_fire_times.map((time) => (
              <li key={time}>{formatFireTime(time, timeZone)}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
