import {
  type AnswerSchema,
  type Call,
  type CallReply,
  type CallRequestParts,
  type CallSpec,
  errorResponse,
  isRawAnswer,
  RIGHTS,
} from '@lifeboat/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../scope';
import { actorOf } from './auth';
import { BadRequestError, ForbiddenError, NotFoundError } from './errors';

// Routes are registered from the contract's declarations only (issue 11.1): the path, the
// schemas of params, query and body, and the answer's schema all come from the declaration, so
// no field leaves the server undeclared (the response schema strips and checks it).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The id of the declaration the route was registered from (`METHOD path`). */
    call?: string;
  }
}

export interface Handled<C extends CallSpec> extends CallRequestParts<C> {
  /** The signed-in user; for public calls, read `req.actor` instead. */
  actor: Actor;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends CallSpec> = (h: Handled<C>) => Promise<CallReply<C>> | CallReply<C>;

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429] as const;

function responseSchemas(answers: Readonly<Record<number, AnswerSchema>>) {
  const out: Record<number, z.ZodType> = {};
  for (const [status, a] of Object.entries(answers)) if (!isRawAnswer(a)) out[Number(status)] = a;
  for (const s of ERROR_STATUSES) out[s] ??= errorResponse;
  return out;
}

// Control characters never belong in an address, and in a body only as tabs and line breaks:
// refused here, before any schema or database sees them (PostgreSQL refuses NUL in text).
/** A C0 control character or DEL; `body` lets tabs and line breaks through. */
function controlIn(s: string, body: boolean): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 || c === 127) && !(body && (c === 9 || c === 10 || c === 13))) return true;
  }
  return false;
}

function hasControl(v: unknown, body: boolean, depth = 0): boolean {
  if (typeof v === 'string') return controlIn(v, body);
  if (depth > 32 || v === null || typeof v !== 'object') return false;
  for (const [k, x] of Object.entries(v))
    if (controlIn(k, body) || hasControl(x, body, depth + 1)) return true;
  return false;
}

async function refuseControlCharacters(req: FastifyRequest) {
  if (hasControl(req.params, false) || hasControl(req.query, false))
    throw new BadRequestError('The address contains control characters, which are not allowed.');
  if (hasControl(req.body, true))
    throw new BadRequestError('The request contains control characters, which are not allowed.');
}

/** A JSON call refuses a form body even when every field is optional (zod would strip it to {}). */
function refuseFormBody(req: FastifyRequest) {
  if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    throw new BadRequestError('This call takes a JSON body (Content-Type: application/json), not a form.');
}

/** The value of a declared id slot in the parsed request (params, then query, then body). */
function slotValue(req: FastifyRequest, key: string): unknown {
  for (const part of [req.params, req.query, req.body])
    if (part && typeof part === 'object' && key in part) return (part as Record<string, unknown>)[key];
  return undefined;
}

/**
 * The call's right (contract rights.ts), after the tenancy check: an object of another tenant in
 * any id slot answers 404 as it would from the handler, so a refusal tells nothing about what
 * exists elsewhere; an object the actor sees, or none, answers 403 with the right's sentence.
 */
async function checkRight(req: FastifyRequest, call: Call, actor: Actor): Promise<void> {
  const right = call.right;
  if (right && actor.rights.has(right)) return;
  for (const [key, kind] of Object.entries(call.ids ?? {})) {
    const value = slotValue(req, key);
    if (value === undefined || value === null || value === '') continue;
    if (!(await req.server.seesObject(actor, kind, value))) throw new NotFoundError();
  }
  if (!right) throw new ForbiddenError('This call declares no right, so no one may make it.', 'NO_RIGHT');
  throw new ForbiddenError(RIGHTS[right].refused, 'RIGHT');
}

/** Register a declared call on `app` (the API scope, behind the auth hook). */
export function route<C extends Call>(app: FastifyInstance, call: C, handler: Handler<C>): void {
  const access = call.access ?? 'session';
  app.route({
    method: call.method,
    url: call.path,
    config: {
      call: call.id,
      public: access === 'public' || undefined,
      csrfExempt: access === 'csrfExempt' || undefined,
      navigation: access === 'navigation' || undefined,
      beforeMfa: call.beforeMfa || undefined,
    },
    preValidation: call.json
      ? async (req) => {
          refuseFormBody(req);
          await refuseControlCharacters(req);
        }
      : refuseControlCharacters,
    schema: {
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.json ? { body: call.json } : call.form ? { body: call.form } : {}),
      response: responseSchemas(call.answers),
    },
    handler: async (req, reply) => {
      const actor = access === 'public' ? (req.actor as Actor) : actorOf(req);
      if (access !== 'public') await checkRight(req, call, actor);
      return handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        actor,
        req,
        reply,
      });
    },
  });
}
