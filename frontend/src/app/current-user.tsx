import type { ReactNode } from 'react';
import { useCan, type Grant } from '../lib/current-user';
import type { CurrentUser } from '../lib/models';
import { usePageTitle } from '../lib/use-page-title';

export function displayName(user: CurrentUser): string {
  return user.name || user.username;
}

/** A route's page that needs a grant: for a user without it, a clear refusal instead of a form the API would refuse. */
export function pageNeeding(grant: Grant, page: ReactNode) {
  return <RequireGrant grant={grant}>{page}</RequireGrant>;
}

function RequireGrant({ grant, children }: { grant: Grant; children: ReactNode }) {
  if (useCan(grant)) return children;
  return <NotPermitted grant={grant} />;
}

function NotPermitted({ grant }: { grant: Grant }) {
  usePageTitle('Not permitted');
  return (
    <section>
      <h2>Not permitted</h2>
      <p className="text-muted">
        Your account does not have the permission this page needs ({grant}). Ask whoever manages the users of your
        account to grant it.
      </p>
    </section>
  );
}
