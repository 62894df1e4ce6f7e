import {
  type Call,
  type CallAnswer,
  type CallInput,
  type CallSpec,
  callPath,
  isRawAnswer,
} from '@lifeboat/contract';
import { api, type FormValue, withQuery } from './client';

// The web app's only way to reach the server (issue 11.1): a call declared in the contract,
// with its params, query and body typed by the declaration and its answer typed by the 200
// schema. The declaration's schema is the server's promise; the client trusts it and does not
// parse again (the server's response schema already checked and stripped the answer).

export interface CallOptions {
  signal?: AbortSignal;
  /** The session probe and the sign-in answer 401 as an ordinary outcome. */
  expectUnauthorized?: boolean;
}

/** Call a declared route. */
export function call<C extends Call>(
  decl: C,
  ...[input, options]: keyof CallInputOf<C> extends never
    ? [input?: CallInput<C>, options?: CallOptions]
    : [input: CallInput<C>, options?: CallOptions]
): Promise<CallAnswer<C>> {
  const i = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    json?: unknown;
    form?: unknown;
  };
  const path = callPath(decl.path, i.params);
  if (isRawAnswer(decl.answers[200]))
    throw new Error(`${decl.method} ${decl.path} answers a file: link to callUrl() instead of calling it`);
  return api<CallAnswer<C>>(path, {
    method: decl.method,
    query: i.query as Record<string, FormValue> | undefined,
    json: i.json,
    form: i.form as Record<string, FormValue> | undefined,
    signal: options?.signal,
    expectUnauthorized: options?.expectUnauthorized,
  });
}

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type CallInputOf<C extends CallSpec> = Pick<CallInput<C>, RequiredKeys<CallInput<C>>>;

/** The URL of a navigation call (a download, an image, a page opened in a new tab). */
export function callUrl<C extends Call>(
  decl: C,
  params?: Record<string, string | number>,
  query?: Record<string, FormValue>,
): string {
  return withQuery(callPath(decl.path, params), query);
}

/**
 * Call a declared route whose answer is text, not JSON (the dashboard's HTML feeds, spec 7):
 * the body as a string. Files and images are links: use callUrl() for those.
 */
export function callText<C extends Call>(
  decl: C,
  input: Pick<CallInput<C>, 'params' | 'query'>,
  options?: CallOptions,
): Promise<string> {
  const answer = decl.answers[200];
  if (!isRawAnswer(answer) || !answer.raw.startsWith('text/') || decl.access === 'navigation')
    throw new Error(`${decl.method} ${decl.path} does not answer text to a call`);
  const i = input as { params?: Record<string, string | number>; query?: Record<string, FormValue> };
  return api<string>(callPath(decl.path, i.params), {
    method: decl.method,
    query: i.query,
    signal: options?.signal,
  });
}
