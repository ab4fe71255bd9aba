/** 'partially_shipped' → 'Partially Shipped': statuses as people read them. */
export function humanize(code: string): string {
  return code
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
