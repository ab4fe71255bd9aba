import { Button } from 'react-bootstrap';

/** The button under a log that fetches its next page, shown while there is one. */
export function ShowMore({ pages }: { pages: { data?: { cursor: string | null }[]; size: number; setSize: (size: number) => unknown } }) {
  const { data, size, setSize } = pages;
  const hasMore = data !== undefined && data.length > 0 && data[data.length - 1].cursor !== null;
  if (!hasMore) return null;
  return (
    <Button variant="outline-secondary" size="sm" className="mt-2" onClick={() => void setSize(size + 1)}>
      Show More
    </Button>
  );
}
