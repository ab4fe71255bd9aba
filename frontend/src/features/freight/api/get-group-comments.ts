import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ShipmentCommentList } from '../../../lib/models';
import { groupPath } from './group-path';

/** More notes than people leave on one load: one page is all of them. */
const COMMENTS_LIMIT = 100;

export function groupCommentsPath(groupId: number) {
  return `${groupPath(groupId)}/comments`;
}

export function getGroupComments(clientId: string, groupId: number) {
  return apiRequest<ShipmentCommentList>(groupCommentsPath(groupId), { clientId, query: { limit: COMMENTS_LIMIT } });
}

export function groupCommentsKey(clientId: string, groupId: number) {
  return ['shipment-group-comments', clientId, groupId] as const;
}

/** The notes people left on the group, newest first. */
export function useGroupComments(clientId: string, groupId: number) {
  return useSWR(groupCommentsKey(clientId, groupId), () => getGroupComments(clientId, groupId));
}
