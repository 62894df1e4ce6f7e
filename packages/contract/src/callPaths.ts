import type { AnswerSchema, RawAnswer } from './call';

// The parts of a declaration the web app's client needs at run time, in a module without zod,
// so the sign-in page's bundle does not carry it (issue 18 point 19). call.ts re-exports them.

export const isRawAnswer = (a: AnswerSchema): a is RawAnswer => typeof (a as RawAnswer).raw === 'string';

/** Fill a declared path with its params, each one encoded. */
export function callPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`${path}: the param ${name} is missing`);
    return encodeURIComponent(String(v));
  });
}

/** Names of the params of a declared path, in order. */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
