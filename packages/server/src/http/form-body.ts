import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors';

// The spec's form posts (application/x-www-form-urlencoded). Parsed strictly: a broken
// percent-escape ("%zz", a lone "%", an invalid UTF-8 sequence) is a 400 rather than a value
// that silently keeps its "%" (issue 11.4). A key given twice arrives as an array, which the
// call's schema refuses where it expects one value.

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new BadRequestError('The form is not properly encoded.');
  }
};

export function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  if (body === '') return out;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

export function registerFormBody(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (e) {
        done(e as Error, undefined);
      }
    },
  );
}
