import {
  type AnswerSchema,
  type Call,
  CSRF_HEADER,
  errorResponse,
  isRawAnswer,
  SESSION_COOKIE,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  webhookPayload,
} from '@lifeboat/contract';
import { z } from 'zod';

// The OpenAPI 3.1 document, generated from the same declarations the routes are registered from
// (issue 11.2): a call cannot be served without appearing here. JSON Schema 2020-12 is 3.1's own
// dialect, and Zod 4 writes it natively.

type Json = Record<string, unknown>;

const schemaOf = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const out = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

function parameters(call: Call): Json[] {
  const out: Json[] = [];
  const add = (where: 'path' | 'query', obj: z.ZodObject | undefined) => {
    if (!obj) return;
    const js = schemaOf(obj, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {}))
      out.push({
        name,
        in: where,
        required: where === 'path' || (js.required ?? []).includes(name),
        schema,
      });
  };
  add('path', call.params);
  add('query', call.query);
  return out;
}

function answer(a: AnswerSchema, description: string): Json {
  if (isRawAnswer(a))
    return {
      description: a.description,
      content: { [a.raw]: { schema: { type: 'string', format: 'binary' } } },
    };
  return { description, content: { 'application/json': { schema: schemaOf(a, 'output') } } };
}

// A call takes the browser's session (cookie and anti-forgery token), or an API key in
// `Authorization: Bearer <key>` whose scopes include the call's right (docs/decisions.md 'API keys').
const SECURITY: Record<string, (right: string) => Json[]> = {
  session: (r) => [{ session: [], csrf: [] }, { apiKey: [r] }],
  csrfExempt: (r) => [{ session: [] }, { apiKey: [r] }],
  navigation: (r) => [{ session: [] }, { apiKey: [r] }],
  public: () => [],
};

export function openApiDocument(calls: readonly Call[], version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const error = answer(errorResponse, 'An error: a code, a sentence for a person, and the fields at fault.');
  for (const call of [...calls].sort((a, b) => a.path.localeCompare(b.path))) {
    const responses: Record<string, Json> = {};
    for (const [status, a] of Object.entries(call.answers))
      responses[status] = answer(a, status === '200' ? 'The answer.' : `Answer ${status}.`);
    responses['4XX'] = error;
    const op: Json = {
      operationId: call.id.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
      summary: call.summary,
      tags: [call.area],
      security: SECURITY[call.access ?? 'session']?.(call.right ?? 'none'),
      // The right the call needs (contract rights.ts): a user or key without it is answered 403.
      'x-right': call.right ?? null,
      parameters: parameters(call),
      responses,
    };
    if (call.json)
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(call.json, 'input') } },
      };
    else if (call.form)
      op.requestBody = {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: schemaOf(call.form, 'input') } },
      };
    paths[openApiPath(call.path)] ??= {};
    (paths[openApiPath(call.path)] as Record<string, Json>)[call.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lifeboat console API',
      version,
      description:
        'Every call of the Lifeboat console. A script calls with an API key made on the Security page, in the header Authorization: Bearer <key>; the key acts as its user narrowed to its scopes, and each call names the right it needs (x-right). The browser calls with the session cookie, the X-Requested-With: XMLHttpRequest marker and the X-CSRF-Token header handed out by GET /api/session.',
    },
    paths,
    webhooks: alertWebhooks(),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        csrf: { type: 'apiKey', in: 'header', name: CSRF_HEADER },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from the Security page; its scopes are the rights it may use.',
        },
      },
    },
  };
}

/** What the console posts to a reseller's webhook endpoints (issue 27.4), as OpenAPI 3.1 webhooks. */
function alertWebhooks(): Json {
  const header = (name: string, description: string): Json => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  return {
    alertTransition: {
      post: {
        operationId: 'alert_webhook',
        summary: 'An alert opened, came back or resolved (or a test); answer 2xx within 10 seconds.',
        tags: ['alerts'],
        parameters: [
          header(
            WEBHOOK_SIGNATURE_HEADER,
            't=<unix seconds>,v1=<hex HMAC-SHA256 with the endpoint secret over "<t>.<raw body>">',
          ),
          header(WEBHOOK_DELIVERY_HEADER, 'The delivery id, the same on every retry: drop one already seen.'),
          header(WEBHOOK_EVENT_HEADER, 'alert.opened, alert.reopened, alert.resolved or test.'),
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: schemaOf(webhookPayload, 'output') } },
        },
        responses: {
          '2XX': { description: 'Received. Any other answer, or none within 10 seconds, is retried.' },
        },
      },
    },
  };
}
