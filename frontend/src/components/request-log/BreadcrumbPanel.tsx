import { useEffect } from 'react';
import useSWRInfinite from 'swr/infinite';
import { API_BASE_PATH } from '../../config/constants';
import { apiRequest } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-datetime';
import type { BreadcrumbList } from '../../lib/models';
import { Panel } from '../Facts';
import { LoadingView } from '../LoadingView';
import { ResponsiveTable } from '../ResponsiveTable';
import { ShowMore } from './ShowMore';

const PAGE_SIZE = 50;

interface BreadcrumbPanelProps {
  clientId: string;
  objectType: string;
  objectId: string;
  /** Read again whenever this changes: the object as last fetched, so a change made on the page shows. */
  refreshOn?: unknown;
  /** Where a feature serves the same log to those it shows it to (a request's history to its client), and its title there. */
  path?: string;
  title?: string;
}

/** The breadcrumb log of an object (admins only, unless its feature serves it at `path`): its business events in words, newest first. */
export function BreadcrumbPanel({ clientId, objectType, objectId, refreshOn, path: featurePath, title = 'Breadcrumbs' }: BreadcrumbPanelProps) {
  const path = featurePath ?? `${API_BASE_PATH}/logs/breadcrumbs/${encodeURIComponent(objectType)}/${encodeURIComponent(objectId)}`;
  const pages = useSWRInfinite(
    (pageIndex: number, previous: BreadcrumbList | null) =>
      previous && !previous.cursor ? null : (['breadcrumbs', clientId, path, pageIndex === 0 ? null : previous!.cursor] as const),
    ([, , , cursor]) => apiRequest<BreadcrumbList>(path, { clientId, query: { limit: PAGE_SIZE, cursor } }),
  );
  const { data, isLoading, mutate } = pages;
  useEffect(() => {
    void mutate();
  }, [refreshOn, mutate]);
  const crumbs = data?.flatMap((page) => page.breadcrumbs) ?? [];

  return (
    <Panel title={title}>
      {isLoading && <LoadingView />}
      {data && crumbs.length === 0 && <p className="text-muted mb-0">Nothing has happened to it yet.</p>}
      {crumbs.length > 0 && (
        <ResponsiveTable label={title} size="sm" striped className="mb-0">
          <thead>
            <tr>
              <th style={{ width: '22%' }}>Date</th>
              <th>Event</th>
              <th style={{ width: '15%' }}>User</th>
            </tr>
          </thead>
          <tbody>
            {crumbs.map((crumb, index) => (
              <tr key={`${crumb.datetime}-${index}`}>
                <td className="text-nowrap">{formatDateTime(crumb.datetime)}</td>
                <td style={{ minWidth: '14rem' }}>{crumb.message}</td>
                <td>{crumb.username}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
      <ShowMore pages={pages} />
    </Panel>
  );
}
