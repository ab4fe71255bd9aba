const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the portal shows it, in the browser's time zone: MM/DD/YYYY h:mm:ss a Z (spec part 1, §9). */
export function formatDateTime(iso: string, timeZoneOffsetMinutes?: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
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
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : isoDate;
}
