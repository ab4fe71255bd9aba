const pad = (value: number) => String(value).padStart(2, '0');

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time as the server writes them: ISO 8601 or with a space, maybe with fractions and a zone. */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * The moment a server timestamp names. The server stores times in UTC, so one without a zone is UTC
 * (the browser would read it as local time); fractions finer than milliseconds are dropped.
 */
function parseTimestamp(text: string): Date | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, day, time, fraction = '', zone = 'Z'] = match;
  const date = new Date(`${day}T${time}${fraction.slice(0, 4)}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment as the portal shows it, in the browser's time zone: MM/DD/YYYY h:mm:ss a Z (spec part 1, §9). */
export function formatDateTime(timestamp: string, timeZoneOffsetMinutes?: number): string {
  const date = parseTimestamp(timestamp);
  if (!date) return timestamp;
  const offset = timeZoneOffsetMinutes ?? -date.getTimezoneOffset();
  const local = new Date(date.getTime() + offset * 60_000);
  const hours = local.getUTCHours();
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())}/${local.getUTCFullYear()} ` +
    `${hours % 12 || 12}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'} ${zone}`
  );
}

/** A calendar date (YYYY-MM-DD) as MM/DD/YYYY, the date part of the portal's format. */
export function formatDate(isoDate: string): string {
  const match = DATE_ONLY.exec(isoDate);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : isoDate;
}

/** A value of a report result: timestamps and calendar dates in the portal's format, any other text as it is. */
export function formatDateOrText(text: string): string {
  if (DATE_ONLY.test(text)) return formatDate(text);
  return formatDateTime(text);
}
