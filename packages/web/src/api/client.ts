import { CSRF_HEADER, type ErrorResponse, XHR_HEADER, XHR_VALUE } from '@lifeboat/contract';

/** An error answer of the API (`{code, message, fields?}`), or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export type FormValue = string | number | boolean | null | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the spec's form posts). */
  form?: Record<string, FormValue>;
  query?: Record<string, FormValue>;
  signal?: AbortSignal;
  /**
   * The session probe and the sign-in call answer 401 as an ordinary outcome; every other call
   * answering 401 means the session ended.
   */
  expectUnauthorized?: boolean;
}

export interface ApiClientHooks {
  /** The anti-forgery token of the current session, read from the session query. */
  csrfToken: () => string | undefined;
  /** Called once per 401 on a call that expected a live session. */
  onUnauthorized: () => void;
}

let hooks: ApiClientHooks = { csrfToken: () => undefined, onUnauthorized: () => {} };

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** `path` with `query` appended (booleans as 1/0, empty values left out). */
export function withQuery(path: string, query?: Record<string, FormValue>): string {
  if (!query) return path;
  const params = toParams(query);
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function toParams(values: Record<string, FormValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params;
}

function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string';
}

/** The field messages of an error answer: `fields`, or the spec's `errors` of a refused save. */
function fieldsOf(data: ErrorResponse & { errors?: unknown }): Record<string, string> | undefined {
  if (data.fields) return data.fields;
  const errors = data.errors;
  if (typeof errors !== 'object' || errors === null || Object.keys(errors).length === 0) return undefined;
  return errors as Record<string, string>;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) return res.json();
  return res.text();
}

/** Calls the console's API with the session cookie, the anti-forgery header and the XHR marker. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', [XHR_HEADER]: XHR_VALUE });
  const token = hooks.csrfToken();
  if (token) headers.set(CSRF_HEADER, token);

  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = toParams(options.form);
  }

  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(
      0,
      'NETWORK',
      'Lifeboat could not reach its server. Check your connection and try again.',
    );
  }

  const data = await readBody(res).catch(() => undefined);
  if (res.ok) return data as T;

  if (res.status === 401 && !options.expectUnauthorized) hooks.onUnauthorized();
  if (isErrorResponse(data)) throw new ApiError(res.status, data.code, data.message, fieldsOf(data));
  throw new ApiError(
    res.status,
    `HTTP_${res.status}`,
    `The server could not answer this request (${res.status}).`,
  );
}
