import { useEffect, useRef, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { ApiError } from '../../../lib/api-error';
import { completeShopInstall } from '../api/complete-install';
import { usePageTitle } from '../../../lib/use-page-title';

type Outcome = { kind: 'waiting' } | { kind: 'already-linked' } | { kind: 'failed'; detail: string };

function isAlreadyLinked(failure: unknown) {
  const body = failure instanceof ApiError ? (failure.body as { client_already_linked_to_shop?: boolean } | null) : null;
  return body?.client_already_linked_to_shop === true;
}

/** Completes the shop app install for a client; calls onInstalled when the shop is linked. */
export function InstallCallback({
  clientId,
  platformQuery,
  onInstalled,
}: {
  clientId: string;
  platformQuery: string;
  onInstalled: () => void;
}) {
  usePageTitle('Shopify App Install');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' });
  // The platform's code works once: the call must not repeat when React runs the effect twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeShopInstall(clientId, platformQuery).then(onInstalled, (failure: unknown) => {
      if (isAlreadyLinked(failure)) {
        setOutcome({ kind: 'already-linked' });
        return;
      }
      console.error('Failed installing shopify app', failure);
      setOutcome({ kind: 'failed', detail: failure instanceof Error ? failure.message : '' });
    });
  }, [clientId, platformQuery, onInstalled]);

  if (outcome.kind === 'waiting') return <p className="lead">Configuring Shopify App...</p>;
  if (outcome.kind === 'already-linked') {
    return (
      <Alert variant="warning">
        <Alert.Heading className="h5">This shop is already linked to another client</Alert.Heading>
        <p className="mb-0">
          Each shop needs a dedicated client account, and this shop is already connected to a different one. Please
          contact support to set up a client account for this shop.
        </p>
      </Alert>
    );
  }
  return (
    <Alert variant="danger">
      <Alert.Heading className="h5">Failed installing shopify app</Alert.Heading>
      {outcome.detail && <p className="mb-0">{outcome.detail}</p>}
    </Alert>
  );
}
