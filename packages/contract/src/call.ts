import { z } from 'zod';
import type { Right } from './rights';

// Kept apart without zod: the web app's bundles use them (callPaths.ts).
export { callPath, isRawAnswer, pathParams } from './callPaths';

// One declaration per HTTP call (issue 11.1). The server registers its route from it
// (server/src/http/route.ts), the web app calls it through a client typed by it
// (web/src/api/call.ts), and the OpenAPI document is generated from it (server/src/http/openapi.ts).
// docs/adding-things.md says how to add one.

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make the call. `session` (the default): session cookie, anti-forgery header and XHR
 * marker. `public`: no session (sign-in). `csrfExempt`: the call that hands the token out.
 * `navigation`: a GET the browser makes by navigation, an <img> or a download link (session
 * cookie only, SameSite=Strict); it must never change anything.
 */
export type CallAccess = 'session' | 'public' | 'csrfExempt' | 'navigation';

/** A non-JSON answer (a file, an image, a CSV, a page): described by its content type. */
export interface RawAnswer {
  readonly raw: string;
  readonly description: string;
}
export const rawAnswer = (contentType: string, description: string): RawAnswer => ({
  raw: contentType,
  description,
});

export type AnswerSchema = z.ZodType | RawAnswer;

export interface CallSpec {
  /** The business area, named as in server/src/areas and web/src/features. */
  readonly area: string;
  readonly method: CallMethod;
  /** Fastify-style path: `/device/get_device_alert/:id`. */
  readonly path: string;
  /** One sentence for the reference page; cite the spec's section. */
  readonly summary: string;
  readonly access?: CallAccess;
  /**
   * The right the call needs (rights.ts): route() refuses it with 403 to a user without it, after
   * the tenancy check (another tenant's object is still a 404). Every call but a public one names
   * one; the declarations test fails on a call without it. Optional in the type only so that a
   * call without it reaches that test with its name, not a compile error elsewhere.
   */
  readonly right?: Right;
  /**
   * Reachable by a signed-in user whose organisation requires MFA before they have set it up
   * (the enrolment path: the session, MFA status and setup, sign-out). Every other call answers
   * 403 MFA_SETUP_REQUIRED to such a user (issue 17.1).
   */
  readonly beforeMfa?: true;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  /** A JSON body. */
  readonly json?: z.ZodType;
  /** An application/x-www-form-urlencoded body (the spec's form posts): every value a string. */
  readonly form?: z.ZodObject;
  /** The answer of each status the call gives besides the shared error answers. */
  readonly answers: { readonly 200: AnswerSchema } & Readonly<Record<number, AnswerSchema>>;
  /**
   * The params, query keys or body fields that name a tenant's object, and what kind of object
   * each names. The isolation suite calls the route with another tenant's object there and
   * expects 404 with nothing changed (issue 11.3). Absent: the call names no object.
   */
  readonly ids?: Readonly<Record<string, TenantObject>>;
  /**
   * Valid values of params, query keys or body fields the tests cannot guess from the schema
   * (a path segment that is a plain string but must name something, like `entityType`). The
   * isolation and bad-input suites fill the other fields from the schema (issue 11.3-4).
   */
  readonly examples?: Readonly<Record<string, string | number>>;
}

/**
 * The kinds of tenant objects a call can name. The isolation suite knows how to find another
 * tenant's object of each kind (server/src/test/isolation); add a kind there when you add one here.
 */
export type TenantObject =
  | 'system'
  | 'appliance'
  | 'vault'
  | 'organisation'
  | 'reseller'
  | 'client'
  | 'user'
  | 'operation'
  /** A local (CIFS) share of a restore point, by id. */
  | 'share'
  /** A cloud share: a download session, by id (the activity panels' rows). */
  | 'cloud_share'
  /** A download link: a download session, by its token. */
  | 'download'
  /** A browsing session of a restore point (filemountUseId), by its token. */
  | 'file_mount'
  /** A run of a job (job history). */
  | 'job'
  /** A backup job of a system (what the recovery wizard picks). */
  | 'backup_job'
  | 'restore_point'
  | 'autoverify_image'
  /** An FTPS export of the second tool, by id. */
  | 'ftps_export'
  /** An FTPS export, by its export_uuid. */
  | 'ftps_export_uuid'
  /** A system of the second-generation tool (the FTPS calls name only these). */
  | 'rb_system'
  /** A cloud restore point of a second-generation system. */
  | 'rb_restore_point'
  /** An Azure direct restore job (the Azure export panels). */
  | 'azure_job'
  /** A generated executive summary report. */
  | 'report'
  /** A scheduled report (report_definition). */
  | 'report_definition'
  /** An appliance update schedule (recovery-flow 7 'Update schedule'), owned by a reseller. */
  | 'update_schedule'
  /** A failover: a client's virtual office, by failover_id (issue 16). */
  | 'failover'
  /** A runbook: a saved plan of a client's virtual office (issue 16). */
  | 'runbook'
  /** A site-to-site VPN (IPsec) site of a client's virtual office. */
  | 'ipsec_site'
  /** A backup source of a client (a restic repository), issue 25. */
  | 'backup_source'
  /** An alert (issue 27), by id. */
  | 'alert'
  /** A snooze or maintenance window of alerts, by id. */
  | 'alert_snooze'
  /** A reseller's webhook endpoint (issue 27.4). */
  | 'webhook_endpoint'
  /** A delivery of a webhook endpoint's log. */
  | 'webhook_delivery'
  /** A custom role of a reseller or the provider (docs/decisions.md 'Roles'). */
  | 'role';

export type Call<S extends CallSpec = CallSpec> = S & { readonly id: string };

const registry = new Map<string, Call>();

/** Declare a call. The id is `METHOD path`; declaring one twice is a programming error. */
export function defineCall<const S extends CallSpec>(spec: S): Call<S> {
  const id = `${spec.method} ${spec.path}`;
  const existing = registry.get(id);
  if (existing) return existing as Call<S>;
  const call = Object.freeze({ ...spec, id }) as Call<S>;
  registry.set(id, call);
  return call;
}

/** Every call declared so far (importing `calls/index.ts` declares them all). */
export function declaredCalls(): Call[] {
  return [...registry.values()];
}

type Out<T> = T extends z.ZodType ? z.output<T> : never;
type In<T> = T extends z.ZodType ? z.input<T> : never;

/** What the web client receives for the 200 answer (a Response for raw answers). */
export type CallAnswer<C extends CallSpec> = C['answers'][200] extends z.ZodType
  ? z.output<C['answers'][200]>
  : Response;
/** What the server's handler returns for the 200 answer. */
export type CallReply<C extends CallSpec> = C['answers'][200] extends z.ZodType
  ? z.input<C['answers'][200]>
  : unknown;

type FormValue = string | number | boolean | null | undefined;
type FormInput<T> = T extends z.ZodObject ? { [K in keyof z.input<T>]?: FormValue } : never;

/** What the web client sends: only the parts the call declares. */
export type CallInput<C extends CallSpec> = (C['params'] extends z.ZodObject
  ? { params: { [K in keyof z.input<C['params']>]: string | number } }
  : { params?: undefined }) &
  (C['query'] extends z.ZodObject ? { query: In<C['query']> } : { query?: undefined }) &
  (C['json'] extends z.ZodType ? { json: In<C['json']> } : { json?: undefined }) &
  (C['form'] extends z.ZodObject ? { form: FormInput<C['form']> } : { form?: undefined });

/** What the server's handler receives, parsed. */
export interface CallRequestParts<C extends CallSpec> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: C['json'] extends z.ZodType ? Out<C['json']> : Out<C['form']>;
}

// Shared pieces of declarations.

/** A numeric id in a path: the routes parse it themselves so that a bad one is a 404, not a 400. */
export const idParam = z.string().max(32);
export const idParams = z.object({ id: idParam });

/**
 * A whole number in a JSON body: a number, or its digits in a string. Never true, null or []
 * (z.coerce would read them as 1 and 0: issue 11.4). `error` is the sentence for anything else.
 */
export const jsonWhole = (min: number, max: number, error: string) => {
  const n = z.number().int().min(min).max(max);
  return z.union(
    [
      n,
      z
        .string()
        .regex(/^\d{1,16}$/)
        .transform(Number)
        .pipe(n),
    ],
    { error },
  );
};

/** An id in a form body (its values are text): digits only, never "+1", "1e3" or " 1". */
export const formId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'This must be an id (a whole number from 1).')
  .transform(Number);
