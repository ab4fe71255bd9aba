/** Reads an ISO time; one without an offset is UTC (the API stores UTC times without one). */
function parseUtc(isoTime: string): Date {
  return new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(isoTime) ? isoTime : `${isoTime}Z`);
}

/** A fire time (ISO, UTC) as read in the schedule's time zone: 'Mon, Feb 3, 2025, 12:00:00 EST'. */
export function formatFireTime(isoTime: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(parseUtc(isoTime));
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(parseUtc(isoTime));
  }
}
