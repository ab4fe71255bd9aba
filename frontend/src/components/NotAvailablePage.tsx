import { usePageTitle } from '../lib/use-page-title';

/** A page the portal has, opened for a client whose account does not include it. */
export function NotAvailablePage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section>
      <h2>{title}</h2>
      <p className="text-muted">
        This page is not available for this client. It comes with a newer version of the fulfillment request API; ask
        your account manager about upgrading.
      </p>
    </section>
  );
}
