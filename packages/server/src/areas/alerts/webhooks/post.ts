import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkHost, guardedLookup, RefusedAddressError } from './address-guard';

// One outbound webhook POST (issue 27.4): the address checked before and while connecting
// (address-guard.ts), a time limit on the whole exchange, and no redirect followed (a 3xx is a
// failed attempt: the receiver's address is the one the reseller registered, nothing else).

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The answer's body is read only this far (and then dropped): a receiver cannot stall us with it. */
const ANSWER_BYTES = 4096;

/** Why a connection failed, in words (the delivery log shows no error codes). */
const CONNECT_WORDS: Record<string, string> = {
  ECONNREFUSED: 'it refused the connection',
  ECONNRESET: 'it cut the connection',
  ENOTFOUND: 'its name was not found',
  EAI_AGAIN: 'its name could not be looked up',
  EHOSTUNREACH: 'there is no route to it',
  ENETUNREACH: 'there is no route to it',
  ETIMEDOUT: 'the connection timed out',
  EPROTO: 'the secure connection failed',
};

function connectWords(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (CONNECT_WORDS[code]) return CONNECT_WORDS[code];
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|TLS|SSL/.test(code)) return 'its certificate is not trusted';
  return 'the connection failed';
}

export interface PostOutcome {
  ok: boolean;
  /** The receiver's status code; null when no answer came. */
  code: number | null;
  latencyMs: number;
  /** A sentence for the delivery log when not ok. */
  error: string | null;
}

export interface PostOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** Whether the address may be registered: https, or http where private addresses are allowed. */
export function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'Enter an address such as https://psa.example.com/hooks/lifeboat.';
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && allowPrivate))
    return 'Use an https:// address: alerts are sent encrypted.';
  if (u.username || u.password) return 'Leave the user name and password out of the address.';
  return null;
}

export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const problem = urlProblem(url, opts.allowPrivate);
  if (problem) return { ok: false, code: null, latencyMs: 0, error: problem };
  const u = new URL(url);
  try {
    await checkHost(u.hostname, opts.allowPrivate);
  } catch (err) {
    const error =
      err instanceof RefusedAddressError ? err.message : `The name ${u.hostname} could not be resolved.`;
    return { ok: false, code: null, latencyMs: took(), error };
  }
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const done = (o: Omit<PostOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...o, latencyMs: took() });
    };
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Lifeboat-Webhook/1',
        },
        // An IP literal has no lookup: checkHost judged it above.
        ...(isIP(u.hostname.replace(/^\[|\]$/g, '')) ? {} : { lookup: guardedLookup(opts.allowPrivate) }),
        agent: false,
      },
      (res) => {
        const code = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES) res.destroy();
        });
        const finish = () => {
          if (code >= 200 && code < 300) done({ ok: true, code, error: null });
          else if (code >= 300 && code < 400)
            done({
              ok: false,
              code,
              error: `The endpoint answered with a redirect${res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : ''}, which is not followed: register the final address.`,
            });
          else done({ ok: false, code, error: `The endpoint answered ${code}.` });
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      done({
        ok: false,
        code: null,
        error: `The endpoint did not answer within ${timeoutMs / 1000} seconds.`,
      });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => {
      const error =
        err instanceof RefusedAddressError
          ? err.message
          : `The endpoint could not be reached: ${connectWords(err as NodeJS.ErrnoException)}.`;
      done({ ok: false, code: null, error });
    });
    req.end(body);
  });
}
