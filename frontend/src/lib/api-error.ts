import type { ApiErrorBody } from './models';

/** A failed API call: the HTTP status (0 when no answer arrived) and the error body, if it had one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: Partial<ApiErrorBody> | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
