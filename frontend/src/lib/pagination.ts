export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** Follows an API list's cursor until it is null and returns every item. */
export async function fetchAllPages<T>(fetchPage: (cursor: string | null) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/** The SWR infinite key of a cursor list: `key` and the page's cursor, null once the previous page said there is no more. */
export function cursorPageKey<Key extends readonly unknown[]>(...key: Key) {
  return (pageIndex: number, previous: { cursor: string | null } | null): readonly [...Key, string | null] | null =>
    previous && !previous.cursor ? null : [...key, pageIndex === 0 ? null : previous!.cursor];
}
