import { requestPath } from './request-path';

/** The request's history as its client reads it (its breadcrumbs, newest first), read a page at a time. */
export function requestHistoryPath(requestId: number | string) {
  return `${requestPath(requestId)}/history`;
}
