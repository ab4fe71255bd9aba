/** "row" or "rows" for n of them; the plural is the singular with an "s" unless given. */
export function pluralize(n: number, singular: string, plural = `${singular}s`): string {
  return n === 1 ? singular : plural;
}

/** "1 row", "2 rows". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${pluralize(n, singular, plural)}`;
}
