import { FabricError } from '@lifeboat/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// One error class per kind; one handler turns them into `{ code, message, fields? }` with the
// right status. Database and other unexpected errors never reach the user (STYLE 4).

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'BAD_REQUEST', message, fields);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in to continue.', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
/** Also answered for rows in another organisation: they do not exist for this user. */
export class NotFoundError extends AppError {
  constructor(what = 'This item') {
    super(404, 'NOT_FOUND', `${what} was not found.`);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'CONFLICT', message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}

function zodFields(err: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  const issues =
    (err as unknown as { validation?: { instancePath?: string; message?: string }[] }).validation ?? [];
  for (const i of issues) {
    const key = (i.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'request';
    // Zod names a missing value "received undefined": a person reads that it is required.
    const message = /received undefined$/.test(i.message ?? '') ? 'This is required.' : i.message;
    if (!fields[key]) fields[key] = message ?? 'Invalid value.';
  }
  return fields;
}

export function errorHandler(err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply.status(err.status).send({ code: err.code, message: err.message, fields: err.fields });
  }
  // A backup source that cannot serve the call (a snapshot forgotten, a repository moved, a wrong
  // password): its sentence, as a conflict with the state of the source, never a 500.
  if (err instanceof FabricError) {
    return reply.status(409).send({ code: 'SOURCE_FAILED', message: err.message });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields = zodFields(err);
    const first = Object.entries(fields)[0];
    const message = first
      ? sentence(`Please check ${first[0] === 'request' ? 'the request' : `"${first[0]}"`}: ${first[1]}`)
      : 'The request is not valid.';
    return reply.status(400).send({ code: 'BAD_REQUEST', message, fields });
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type).
    return reply.status(status).send({ code: err.code ?? 'BAD_REQUEST', message: friendlyClientError(err) });
  }
  req.log.error({ err }, 'request failed');
  return reply
    .status(500)
    .send({ code: 'INTERNAL', message: 'Something went wrong on the server. Please try again.' });
}

/** End a message as a sentence (Zod's messages have no full stop). */
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** Fastify's own messages name internals or echo the address: a person reads these instead. */
const BY_STATUS: Record<number, string> = {
  400: 'The request is not valid.',
  404: 'This address does not exist.',
  405: 'This address does not take this kind of request.',
  406: 'This address cannot answer in the format asked for.',
  413: 'The request is too large.',
  414: 'This address is too long.',
  415: 'This content type is not accepted here.',
  431: 'The request headers are too large.',
};

function friendlyClientError(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return 'This address is not valid.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    default:
      return BY_STATUS[err.statusCode ?? 400] ?? 'The request could not be handled.';
  }
}
