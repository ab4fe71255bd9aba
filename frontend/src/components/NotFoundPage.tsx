import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section>
      <h2>Page not found</h2>
      <p className="text-muted">There is nothing at this address.</p>
    </section>
  );
}
