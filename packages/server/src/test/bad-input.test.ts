import { writeFileSync } from 'node:fs';
import { type Call, callPath, declaredCalls } from '@lifeboat/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declaredKeys,
  idValues,
  injectOptions,
  type Part,
  type RequestParts,
  validParts,
} from './call-requests';
import { changedTables, snapshot } from './db-snapshot';
import { call } from './harness';
import { buildTenantWorld, type TenantWorld } from './tenant-world';

// Bad input (issue 11.4): from each declaration, a valid request of a user who can see the
// objects (reseller A), then one defect at a time: wrong types, missing and extra fields, huge
// strings and numbers, control characters, path traversal, broken JSON, a wrong content type,
// an oversized body. Every one must answer 4xx with `{ code, message }` whose message is a
// sentence for a person, none may hang, and the database must not change.

const HUGE = 'x'.repeat(100_000);

/** Values that name nothing: for ids, path params, enums and numbers. */
const BAD_NAMES: readonly string[] = [
  '',
  HUGE,
  'a'.repeat(257),
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e308',
  '99999999999999999999999',
  '9223372036854775808',
  '4294967296',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0x10',
  '0b1',
  '+1',
  '1,2',
  '1_000',
  ' 1',
  '1 ',
  '\t1',
  '\u0000',
  '1\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\r\n',
  '\u202e1',
  '\u0661',
  '\uff11',
  '\u{1F4A5}',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '..',
  '%2e%2e%2f',
  '%00',
  'Li4vLi4vZXRjL3Bhc3N3ZA==',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  "1' OR '1'='1",
  '1; DROP TABLE users',
  '<script>alert(1)</script>',
  '{{7*7}}',
  'a b',
];

/** Values every field refuses, even a free-text one: too long, or with control characters. */
const BAD_TEXT: readonly string[] = [
  HUGE,
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b[31m',
  '\u001e',
  '\u007f',
];

/**
 * A form field written wrongly (`k` is the field's encoded name): a broken, cut or overlong escape,
 * bytes that are no UTF-8, an encoded NUL or escape character.
 */
const BAD_FORM_FIELDS: readonly ((k: string) => string)[] = [
  (k) => `${k}=%7`,
  (k) => `${k}=%`,
  (k) => `${k}=%zz`,
  (k) => `${k}=%C0%AE`,
  (k) => `${k}=%FF%FE`,
  (k) => `${k}=a%00b`,
  (k) => `${k}=%1B`,
];

/** Wrong JSON types and numbers out of any range. */
const BAD_JSON: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { $ne: null },
  -1,
  0,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
];

/** spec: recovery-flow 7 'Shares', `{drive or null}`: the whole job; the app says it so everywhere. */
const WHOLE_JOB = { drive: ['null'] } as const;
/**
 * spec: recovery-flow 7 'Discovery', `{applianceId or 0}`: appliance 0 is the cloud copy, and the
 * app browses cloud points with it; plus the whole job.
 */
const CLOUD_POINTS = { applianceId: ['0'], ...WHOLE_JOB } as const;

/**
 * Values of a key that look bad but the spec documents as meaningful: a machine id of 0 means
 * "whichever machine ran the job" (spec: dashboard-device-azure 7, get_job_details), and the
 * recovery flow's sentinels above.
 */
const MEANINGFUL: Record<string, Record<string, readonly string[]>> = {
  'GET /device/get_job_details/:machineId/:documentId/:inProgress': { machineId: ['0'] },
  // spec: recovery-flow 7 'Discovery', `GET /api/localbrowsing/devices/0/{applianceId}`; the
  // wizard's cloud list takes any appliance as 0 (docs/decisions.md), as vmexport/devices does
  // ('{applianceId or 0}').
  'GET /api/localbrowsing/devices/:clientId/:applianceId': { clientId: ['0'] },
  'GET /api/filebrowsing/devices/:clientId/:applianceId': { applianceId: ['0'] },
  // spec: dashboard-device-azure 7, `/client/load_edit_view/0/{resellerId}`: client 0 is a new one.
  'GET /client/load_edit_view/:clientId/:resellerId': { clientId: ['0'] },
  'GET /api/vmexport/devices/:clientId/:applianceId/sva/:format': { applianceId: ['0'] },
  'GET /api/vmexport/devices/:clientId/:applianceId/sva/:format/:flag': { applianceId: ['0'] },
  // spec: recovery-flow 7 'Discovery', `{deviceId, applianceId}` with the cloud as appliance 0.
  'POST /offsite_ajax/jobs': { applianceId: ['0'] },
  'POST /offsite_ajax/offsite_jobs': { applianceId: ['0'] },
  'GET /api/filebrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive': CLOUD_POINTS,
  'GET /api/filebrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive/:datePoint':
    CLOUD_POINTS,
  'GET /api/localbrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive': CLOUD_POINTS,
  'GET /api/localbrowsing/recovery_points/:clientId/:applianceId/:deviceAsid/:jobId/:drive/:datePoint':
    CLOUD_POINTS,
  'POST /api/filebrowsing/mount/:applianceId/:deviceAsid/:jobId/:drive': CLOUD_POINTS,
  // spec: recovery-flow 7 'Discovery', get_available_recovery_options/{clientId}/{applianceId or 0};
  // the second tool's device table takes the same appliance segment (recovery-flow 7 'Second tool').
  'GET /api/recover_flow/get_available_recovery_options/:clientId/:applianceId': { applianceId: ['0'] },
  'GET /api/recover_flow/get_available_recovery_options/:clientId/:applianceId/:deviceId': {
    applianceId: ['0'],
  },
  'GET /client/load_rb_devices_table_data/:clientId/:applianceId': { applianceId: ['0'] },
  // spec: recovery-flow 7 'Discovery', virtualization_locations/{clientId}/{applianceId or 0}.
  'GET /api/recover_flow/virtualization_locations/:clientId/:applianceId': { applianceId: ['0'] },
  'GET /api/recover_flow/virtualization_locations/:clientId/:applianceId/:deviceId': {
    applianceId: ['0'],
  },
  // spec: inventory-reports-exports-security 7 gives the FTPS feeds {resellerId}/{clientId}; a
  // reseller's whole feed names no client, 0 as the recovery flow's '{applianceId or 0}'.
  'GET /dashboard_ftps_exports/get_ftps_ffr_records/:resellerId/:clientId': { clientId: ['0'] },
  'GET /dashboard_ftps_exports/get_ftps_disk_records/:resellerId/:clientId': { clientId: ['0'] },
  // issue 16 (recovery-flow 7 'Discovery', 'Virtual machine and failover'): the failover setups and
  // the client's office take the same '{applianceId or 0}'; a script's isTest 0 is production; an
  // auto-stop of 0 minutes is the wizard's option 0, none (recovery-flow 4 'Failover').
  'GET /api/recover_flow/load_brc_failover_setup/:clientId/:applianceId': { applianceId: ['0'] },
  'GET /api/recover_flow/load_brc_failover_setup/:clientId/:applianceId/:deviceId': { applianceId: ['0'] },
  'GET /api/recover_flow/load_rb_failover_setup/:clientId/:applianceId': { applianceId: ['0'] },
  'GET /api/recover_flow/load_rb_failover_setup/:clientId/:applianceId/:deviceId': { applianceId: ['0'] },
  'GET /client/get_failover_status/:clientId/:applianceId': { applianceId: ['0'] },
  'GET /client/client_failover_script/:clientId/:isTest': { isTest: ['0'] },
  // No system_ids (an empty list) starts every startable device of the chosen kinds.
  'POST /cloud_ajax/create_failover': { stop_after_minutes: ['0'], system_ids: [''] },
  'POST /runbook/actions/start': { autostop_after_minutes: ['0'] },
  // A cloud runbook names no appliance (recovery-flow 3 'Runbook'; the runbooks page's form).
  'POST /runbook/create': { appliance_id: ['null'] },
  'POST /runbook/edit/:runbookId': { appliance_id: ['null'] },
  // An alert rule of null drops this level's own: the client inherits its reseller's (issue 27.3).
  'POST /api/alerts/reseller_rule/:id': { rule: ['null'] },
  'POST /api/alerts/client_rule/:id': { rule: ['null'] },
  'POST /ra/expose_cifs_share/:applianceId/:jobId/:pointMs/:drive': WHOLE_JOB,
  'POST /ra/expose_cifs_share/:applianceId/:jobId/:pointMs/:drive/:format/:type': WHOLE_JOB,
  'POST /ra/expose_cifs_share/:applianceId/:jobId/:pointMs/:drive/:format/:type/:flag': WHOLE_JOB,
};

/** The literal values a field's schema accepts (an enum, a const, a boolean, a union of them). */
function literals(schema: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(schema.enum)) out.push(...schema.enum);
  if (schema.const !== undefined) out.push(schema.const);
  if (schema.type === 'boolean') out.push(true, false);
  for (const alt of [...((schema.anyOf as unknown[]) ?? []), ...((schema.oneOf as unknown[]) ?? [])])
    out.push(...literals(alt as Record<string, unknown>));
  return out;
}

/**
 * Whether a numeric field (coerced from a string) takes this value as a valid number: " 1",
 * "+1", "1e3" and "0x10" are numbers to JavaScript, so they are no defect there.
 */
function isNumberOf(schema: Record<string, unknown>, v: string): boolean {
  // Each numeric alternative, however nested (an optional id is '' or a number or its digits).
  const flat = (x: Record<string, unknown>): Record<string, unknown>[] => [
    x,
    ...((x.anyOf as Record<string, unknown>[]) ?? []).flatMap(flat),
  ];
  const n = Number(v);
  return flat(schema).some((alt) => {
    const integer = alt.type === 'integer';
    if (!integer && alt.type !== 'number') return false;
    const min = typeof alt.minimum === 'number' ? alt.minimum : -Infinity;
    const max = typeof alt.maximum === 'number' ? alt.maximum : Infinity;
    return Number.isFinite(n) && (!integer || Number.isInteger(n)) && n >= min && n <= max;
  });
}

interface BadRequest {
  label: string;
  opts: InjectOptions;
}

const clone = (p: RequestParts): RequestParts => ({
  params: { ...p.params },
  query: { ...p.query },
  body: p.body === undefined ? undefined : { ...p.body },
});

function badRequests(c: Call, valid: RequestParts): BadRequest[] {
  const out: BadRequest[] = [];
  const keys = declaredKeys(c);
  const ids = new Set(Object.keys(c.ids ?? {}));
  const add = (label: string, parts: RequestParts) => out.push({ label, opts: injectOptions(c, parts) });
  const isFree = (part: Part, key: string, schema: Record<string, unknown>) =>
    part !== 'params' &&
    !ids.has(key) &&
    schema.type === 'string' &&
    !schema.enum &&
    !schema.pattern &&
    !schema.format &&
    c.examples?.[key] === undefined;

  for (const part of ['params', 'query', 'body'] as const) {
    if (part === 'body' && valid.body === undefined) continue;
    for (const { key, required, schema } of keys[part]) {
      // A value the field accepts as it is (an enum's option, a documented sentinel) is no defect.
      const fine = new Set([
        ...literals(schema).map(String),
        ...(MEANINGFUL[c.id]?.[key] ?? []),
        String((valid[part] as Record<string, unknown> | undefined)?.[key]),
      ]);
      const values = (isFree(part, key, schema) ? BAD_TEXT : BAD_NAMES).filter(
        (v) => !fine.has(v) && !isNumberOf(schema, v),
      );
      for (const v of values) {
        const p = clone(valid);
        (p[part] as Record<string, unknown>)[key] = v;
        add(`${part}.${key}=${JSON.stringify(v).slice(0, 24)}`, p);
      }
      if (part === 'params') {
        // Unencoded traversal and broken percent-encoding straight in the path.
        for (const raw of ['..', '../..', '%', '%zz', '%C0%AE%C0%AE']) {
          const url = c.path.replace(new RegExp(`:${key}(?![A-Za-z0-9_])`), raw);
          out.push({
            label: `raw path ${key}=${raw}`,
            opts: { method: c.method, url: callPath(url, valid.params) },
          });
        }
        continue;
      }
      if (part === 'body' && c.json)
        for (const v of BAD_JSON.filter((x) => !fine.has(String(x)))) {
          const p = clone(valid);
          (p.body as Record<string, unknown>)[key] = v;
          add(`json ${key}=${JSON.stringify(v)}`, p);
        }
      if (part === 'body' && c.form) {
        // The field written wrongly, the other fields as they are.
        const base = injectOptions(c, valid);
        const others = new URLSearchParams(String(base.payload));
        others.delete(key);
        const rest = others.toString();
        for (const [i, bad] of BAD_FORM_FIELDS.entries())
          out.push({
            label: `form field ${key} written wrongly (${i + 1})`,
            opts: {
              ...base,
              payload: [rest, bad(encodeURIComponent(key))].filter(Boolean).join('&'),
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            },
          });
      }
      if (part !== 'body' || c.form) {
        // A key given twice arrives as an array.
        const p = clone(valid);
        (p[part] as Record<string, unknown>)[key] = ['1', '2'];
        add(`${part}.${key} twice`, p);
      }
      if (required) {
        const p = clone(valid);
        delete (p[part] as Record<string, unknown>)[key];
        (p[part] as Record<string, unknown>).unexpected_field = 'x';
        add(`${part}.${key} missing, an extra field instead`, p);
      }
    }
  }

  if (valid.body !== undefined) {
    const bodyRequired = keys.body.some((k) => k.required);
    const base = injectOptions(c, valid);
    const raw = (label: string, payload: string | Buffer, contentType: string) =>
      out.push({ label, opts: { ...base, payload, headers: { 'content-type': contentType } } });
    if (c.json) {
      for (const broken of ['{', '{"a":', '{"a":1,}', "{'a':1}", '', 'null', '[]', '"text"', '42', '\u0000'])
        raw(`broken JSON ${JSON.stringify(broken)}`, broken, 'application/json');
      raw('form body to a JSON call', 'a=1&b=2', 'application/x-www-form-urlencoded');
      raw(
        'oversized JSON',
        JSON.stringify({ ...valid.body, pad: 'x'.repeat(1_100_000) }),
        'application/json',
      );
    } else {
      raw('broken JSON to a form call', '{"id":', 'application/json');
      // An empty form is a valid request of a call whose every field is optional.
      if (bodyRequired) raw('empty form', '', 'application/x-www-form-urlencoded');
      raw('broken percent-encoding', 'id=%zz&value=%', 'application/x-www-form-urlencoded');
      raw(
        'oversized form',
        `${base.payload}&pad=${'x'.repeat(300_000)}`,
        'application/x-www-form-urlencoded',
      );
    }
    for (const type of [
      'text/plain',
      'application/xml',
      'multipart/form-data',
      'application/octet-stream',
      'bogus',
    ])
      raw(`content type ${type}`, String(base.payload), type);
    if (c.json || bodyRequired) out.push({ label: 'no body', opts: { method: c.method, url: base.url } });
  }
  return out;
}

const TIMEOUT_MS = 10_000;

async function withTimeout(p: Promise<LightMyRequestResponse>, label: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_r, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an error answer, or null. */
export function errorAnswerProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode < 400 || res.statusCode >= 500) return `status ${res.statusCode}`;
  let body: { code?: unknown; message?: unknown };
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 80)}`;
  }
  const { code, message } = body;
  if (typeof code !== 'string' || !code) return 'no code';
  if (typeof message !== 'string') return 'no message';
  // A sentence a person understands: a capital, an end, a sane length, no internals.
  if (!/^["“A-Z]/.test(message)) return `message does not start a sentence: ${message.slice(0, 120)}`;
  if (!/[.!?)]["”]?$/.test(message)) return `message does not end a sentence: ${message.slice(0, 120)}`;
  if (message.length > 300) return `message too long (${message.length})`;
  if ([...message].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127))
    return 'control characters in the message';
  if (
    /\bat .+:\d+:\d+|FST_|ERR_|SQLITE|Zod|\bundefined\b|\[object|TypeError|ReferenceError|relation "/.test(
      message,
    )
  )
    return `internal detail in the message: ${message.slice(0, 120)}`;
  return null;
}

describe('bad input to every declared call', () => {
  let tw: TenantWorld;
  beforeAll(async () => {
    tw = await buildTenantWorld();
  }, 120_000);
  afterAll(() => tw.t.close());

  it('answers every malformed request with a 4xx sentence, in time, changing nothing', async () => {
    const failures: string[] = [];
    const counts: Record<string, number> = {};
    const noInput: string[] = [];
    for (const c of declaredCalls()) {
      const valid = validParts(c, idValues(c, tw.own.resa));
      const requests = badRequests(c, valid);
      counts[c.id] = requests.length;
      if (requests.length === 0) {
        noInput.push(c.id);
        continue;
      }
      const before = await snapshot(tw.t.dbh.db);
      for (const r of requests) {
        const label = `${c.id} [${r.label}]`;
        let res: LightMyRequestResponse;
        try {
          res = await withTimeout(call(tw.t.app, tw.sessions.resa, r.opts), label);
        } catch (e) {
          failures.push(String(e));
          continue;
        }
        const problem = errorAnswerProblem(res);
        if (problem)
          failures.push(`${label}: ${problem} ${res.statusCode >= 500 ? res.body.slice(0, 160) : ''}`);
      }
      const changed = changedTables(before, await snapshot(tw.t.dbh.db));
      if (changed.length) failures.push(`${c.id}: malformed requests changed ${changed.join(', ')}`);
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.info(
      `${total} malformed requests over ${Object.keys(counts).length} calls` +
        (noInput.length ? `; calls without input to malform: ${noInput.join(', ')}` : ''),
    );
    // LIFEBOAT_SUITE_REPORT=<file> keeps every failure, not only the counts printed here.
    if (process.env.LIFEBOAT_SUITE_REPORT)
      writeFileSync(process.env.LIFEBOAT_SUITE_REPORT, failures.join('\n'));
    if (failures.length) {
      const byCall = new Map<string, number>();
      for (const f of failures) {
        const id = f.split(/ \[|: /)[0] as string;
        byCall.set(id, (byCall.get(id) ?? 0) + 1);
      }
      console.info(
        `${failures.length} failures:\n  ${[...byCall].map(([id, n]) => `${n} ${id}`).join('\n  ')}`,
      );
    }
    expect(failures.slice(0, 60)).toEqual([]);
    // At least 50 per call that takes any input.
    const few = Object.entries(counts).filter(([id, n]) => n < 50 && !noInput.includes(id));
    expect(few).toEqual([]);
  }, 600_000);
});
