import { usePageTitle } from '../lib/use-page-title';
interface PlaceholderPageProps {
  title: string;
  message?: string;
}

/** Stands in for an area of the portal that is not built yet. */
export function PlaceholderPage({ title, message = 'This area is not available yet.' }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <section>
      <h2>{title}</h2>
      <p className="text-muted">{message}</p>
    </section>
  );
}
