import { type Call, callPath, pathParams } from '@lifeboat/contract';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';

// Requests built from a declaration (issue 11.3-4): every param, query key and body field gets a
// valid value, from the call's `ids` (an object of the caller), its `examples`, or its schema.

type Json = Record<string, unknown>;
export type Part = 'params' | 'query' | 'body';

/** The parts of a request, each a plain object of values (a form's values are strings). */
export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

const jsonSchema = (s: z.ZodType): Json =>
  z.toJSONSchema(s, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;

/** A valid value of a JSON schema, guessed from its shape (the key helps for paging). */
export function sample(js: Json, key = ''): unknown {
  if (js.const !== undefined) return js.const;
  if (Array.isArray(js.enum)) return js.enum[0];
  if (js.default !== undefined) return js.default;
  if (js.examples && Array.isArray(js.examples)) return js.examples[0];
  const alt = (js.anyOf ?? js.oneOf) as Json[] | undefined;
  if (alt) return sample(alt.find((a) => a.type !== 'null') ?? (alt[0] as Json), key);
  if (Array.isArray(js.allOf)) return sample(js.allOf[0] as Json, key);
  switch (js.type) {
    case 'string': {
      if (/rows|limit|size|per_?page/i.test(key)) return '10';
      const min = typeof js.minLength === 'number' ? js.minLength : 1;
      return '1'.padEnd(min, '0');
    }
    case 'integer':
    case 'number':
      if (/rows|limit|size|per_?page/i.test(key)) return 10;
      return typeof js.minimum === 'number' ? Math.max(js.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const min = typeof js.minItems === 'number' ? js.minItems : 0;
      return Array.from({ length: min }, () => sample((js.items as Json) ?? {}, key));
    }
    case 'object': {
      const props = (js.properties ?? {}) as Record<string, Json>;
      const out: Json = {};
      for (const k of (js.required ?? []) as string[]) out[k] = sample(props[k] ?? {}, k);
      return out;
    }
    default:
      return '1';
  }
}

/** The keys of each part of a call, as its schemas declare them. */
export function declaredKeys(call: Call): Record<Part, { key: string; required: boolean; schema: Json }[]> {
  const keysOf = (s: z.ZodType | undefined) => {
    if (!s) return [];
    // A body that may be left out (the spec's bodyless mount) is still its object's keys.
    const whole = jsonSchema(s);
    const js = ((whole.anyOf as Json[] | undefined)?.find((a) => a.type === 'object') ?? whole) as Json;
    const props = (js.properties ?? {}) as Record<string, Json>;
    const req = new Set((js.required ?? []) as string[]);
    return Object.entries(props).map(([key, schema]) => ({ key, required: req.has(key), schema }));
  };
  return {
    params: keysOf(call.params),
    query: keysOf(call.query),
    body: keysOf(call.json ?? call.form),
  };
}

/**
 * A valid request of `call` for a caller whose objects are `objects` (a value per key of `ids`).
 * Optional keys are left out unless they name an object or have an example.
 */
export function validParts(call: Call, objects: Readonly<Record<string, string>>): RequestParts {
  const keys = declaredKeys(call);
  const value = (key: string, required: boolean, schema: Json, form: boolean): unknown => {
    if (key in objects) return objects[key];
    const ex = call.examples?.[key];
    if (ex !== undefined) return form ? String(ex) : ex;
    if (!required) return undefined;
    const v = sample(schema, key);
    return form && typeof v !== 'string' ? String(v) : v;
  };
  const fill = (part: Part, form: boolean) => {
    const out: Record<string, unknown> = {};
    for (const { key, required, schema } of keys[part]) {
      const v = value(key, required || part === 'params', schema, form);
      if (v !== undefined) out[key] = v;
    }
    return out;
  };
  for (const p of pathParams(call.path))
    if (!keys.params.some((k) => k.key === p)) throw new Error(`${call.id}: the param ${p} has no schema`);
  const body = call.json ? fill('body', false) : call.form ? fill('body', true) : undefined;
  return {
    params: fill('params', true) as Record<string, string>,
    query: fill('query', true),
    body,
  };
}

/**
 * The values of a call's `ids` keys for a caller holding `held` (one id per kind). Optional keys
 * of a kind in `unnamed` (what the caller may not filter on) are left out.
 */
export function idValues(
  call: Call,
  held: Readonly<Record<string, string | undefined>>,
  unnamed: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  const keys = declaredKeys(call);
  const required = new Set(
    [...keys.params, ...keys.query, ...keys.body].filter((k) => k.required).map((k) => k.key),
  );
  for (const k of keys.params) required.add(k.key);
  for (const [key, kind] of Object.entries(call.ids ?? {})) {
    if (unnamed.includes(kind) && !required.has(key)) continue;
    const v = held[kind];
    if (v === undefined) throw new Error(`${call.id}: no object of kind "${kind}" for the key ${key}`);
    out[key] = v;
  }
  return out;
}

const queryString = (q: Record<string, unknown>) => {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (Array.isArray(v)) for (const x of v) sp.append(k, String(x));
    else if (v !== undefined) sp.append(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
};

/** The inject options of a request of `call` with these parts (params are encoded here). */
export function injectOptions(call: Call, parts: RequestParts): InjectOptions {
  const url = `${callPath(call.path, parts.params)}${queryString(parts.query)}`;
  if (parts.body === undefined) return { method: call.method, url };
  if (call.form) {
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries(parts.body)) {
      // A key given twice (an array) is sent twice, as a browser would.
      if (Array.isArray(v)) for (const x of v) sp.append(k, String(x));
      else if (v !== undefined) sp.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
    return {
      method: call.method,
      url,
      payload: sp.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  return {
    method: call.method,
    url,
    payload: JSON.stringify(parts.body),
    headers: { 'content-type': 'application/json' },
  };
}
