import { ApiError } from './api-error';

export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

/** The text shown to the user for a failure (spec part 1, section 8). Lines are separated by "\n". */
export function errorMessage(failure: unknown): string {
  if (failure instanceof ApiError) return apiErrorMessage(failure);
  if (failure instanceof Error && failure.message) return failure.message;
  if (typeof failure === 'string' && failure) return failure;
  return UNKNOWN_ERROR_MESSAGE;
}

/** An upload's row errors as shown to the user (spec part 1, section 8). */
export function rowErrorsMessage(errors: readonly { line: number; error: string }[]): string {
  return errors.map(({ line, error }) => `Line ${line}. Error ${error}`).join('\n');
}

function apiErrorMessage({ status, statusText, body, message }: ApiError): string {
  if (body?.errors?.length) return rowErrorsMessage(body.errors);
  const described = body?.description || body?.error;
  if (described) return described;
  if (status === 401 || status === 403) return 'Not Authorized';
  if (statusText) return statusText;
  if (status || message) return `Error failed with status ${status} and message ${message}`;
  return UNKNOWN_ERROR_MESSAGE;
}
