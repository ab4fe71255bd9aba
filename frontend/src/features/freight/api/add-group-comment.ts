import { apiRequest } from '../../../lib/api-client';
import type { ShipmentComment } from '../../../lib/models';
import { groupCommentsPath } from './get-group-comments';

export function addGroupComment(clientId: string, groupId: number, body: string) {
  return apiRequest<ShipmentComment>(groupCommentsPath(groupId), { method: 'POST', clientId, body: { body } });
}
