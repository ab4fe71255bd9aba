/** "row" or "rows" for n of them; the plural is the singular with an "s" unless given. */
export function pluralize(n: number, singular: string, plural = `${singular}s`): string {
  return n === 1 ? singular : plural;
}

/** "12,000": a count as people read it. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 row", "12,000 rows". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${pluralize(n, singular, plural)}`;
}
