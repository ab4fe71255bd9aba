import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { Token } from '../../../lib/models';

export interface Credentials {
  username: string;
  password: string;
}

/** Password login: exchanges credentials for an access token. */
export function createToken(credentials: Credentials): Promise<Token> {
  return apiRequest<Token>(`${API_BASE_PATH}/auth/token`, { method: 'POST', body: credentials, anonymous: true });
}
