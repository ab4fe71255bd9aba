import { ApiError } from './api-error';
import type { ApiErrorBody } from './models';
import { clearAccessToken, getAccessToken } from './auth';

type QueryValue = string | number | boolean | null | undefined;

/** A body sent as it is, not as JSON: a CSV file's text. */
export class TextBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as it is when a TextBody (a CSV file). */
  body?: unknown;
  /** Sent as X-Client-Id: the client the call acts for. */
  clientId?: string;
  /** Calls made before login (token, UI settings) go without a token. */
  anonymous?: boolean;
  accept?: string;
  /** Sent as Idempotency-Key: a repeat of the call with the same key applies nothing again. */
  idempotencyKey?: string;
}

/**
 * The one way the app talks to the API. Adds the token and client headers, turns failures into
 * ApiError, and ends the session when the API says the token is no longer good (401).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Like apiRequest, for answers that are files (a PDF label). */
export async function apiRequestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** Like apiRequestBlob, with the file name the answer's Content-Disposition gives (null without one). */
export async function apiRequestFile(path: string, options: RequestOptions = {}): Promise<{ file: Blob; fileName: string | null }> {
  const response = await send(path, options);
  return { file: await response.blob(), fileName: dispositionFileName(response.headers.get('Content-Disposition')) };
}

/** The file name of a Content-Disposition header: its UTF-8 `filename*` when there is one, else `filename`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: the plain name below is the better guess.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  return plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
}

/** Like apiRequest, for answers that are not JSON. */
export async function apiRequestText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await send(path, options);
  return response.text();
}

async function send(
  path: string,
  { method = 'GET', query = {}, body, clientId, anonymous = false, accept = 'application/json', idempotencyKey }: RequestOptions,
): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }

  const headers: Record<string, string> = { Accept: accept };
  const token = anonymous ? null : getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (clientId) headers['X-Client-Id'] = clientId;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let sent: BodyInit | undefined;
  if (body instanceof TextBody) {
    headers['Content-Type'] = body.contentType;
    sent = body.text;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    sent = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: sent });
  } catch (failure) {
    throw new ApiError(0, '', null, failure instanceof Error ? failure.message : String(failure));
  }

  if (!response.ok) {
    if (response.status === 401 && token) clearAccessToken();
    if (response.status >= 500 && url.pathname !== SERVER_ERRORS_PATH) reportServerError(method, url, response, token);
    throw await toApiError(response);
  }
  return response;
}

const SERVER_ERRORS_PATH = '/api/v4/logs/server_errors';

/**
 * Tells the API about a 5xx the browser met, with the request id of the failed call, so operators
 * can find both sides in the logs. Best effort: a report that fails is not reported again.
 */
function reportServerError(method: string, url: URL, response: Response, token: string | null) {
  if (!token) return;
  const report = {
    status: response.status,
    method,
    url: `${url.pathname}${url.search}`,
    request_id: response.headers.get('X-Request-Id'),
    page: window.location.pathname,
  };
  fetch(new URL(SERVER_ERRORS_PATH, window.location.origin), {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: Partial<ApiErrorBody> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as Partial<ApiErrorBody>;
  } catch {
    body = null;
  }
  const message = body?.description || body?.error || text.slice(0, 200) || response.statusText;
  return new ApiError(response.status, response.statusText, body, message);
}
