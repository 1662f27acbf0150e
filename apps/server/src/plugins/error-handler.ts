import type { ErrorBody, ErrorCode } from '@slotwise/shared/api-error-schemas';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { isDatabaseUnavailable, pgErrorOf } from '../db/errors';
import { requestLocale, translate } from '../lib/i18n';
import { msg } from '@slotwise/shared/locales';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'INVALID_STATE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  fieldErrors?: Record<string, string>,
) {
  // In the request's language (docs/product.md §21.1); English is the key itself, unchanged.
  const locale = requestLocale(reply.request);
  const said = translate(locale, message);
  const body: ErrorBody = { message: said, error: said, code };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) {
    body.fieldErrors = Object.fromEntries(
      Object.entries(fieldErrors).map(([field, text]) => [field, translate(locale, text)]),
    );
  }
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Turns zod issue paths into `{field: message}`, first message per field. */
function fieldErrorsOf(issues: { instancePath: string; message?: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    fieldErrors[field] ??= issue.message ?? msg('Invalid value');
  }
  return fieldErrors;
}

/**
 * The one place where errors become HTTP responses (docs/product.md §10.2 body). Domain errors carry
 * their status; framework 4xx keep theirs with a readable message; anything else is a 500
 * whose details stay in the log, tagged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return sendError(reply, error.statusCode, error.code, error.message, error.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(error.validation);
      const first = Object.values(fieldErrors)[0] ?? msg('Invalid request');
      return sendError(reply, 400, 'VALIDATION_FAILED', first, fieldErrors);
    }
    // PostgreSQL refuses NUL characters in text (22021): the input was bad, not the server.
    if (pgErrorOf(error)?.code === '22021') {
      return sendError(
        reply,
        400,
        'VALIDATION_FAILED',
        msg('The request contains characters that are not allowed'),
      );
    }
    // A statement that ran past the pool's statement_timeout (57014) is the database too busy
    // for this request now: the same 503 as an outage, and the client may retry.
    const timedOut = pgErrorOf(error)?.code === '57014';
    if (timedOut || isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, timedOut ? 'statement timed out' : 'database unavailable');
      reply.header('Retry-After', '5');
      return sendError(
        reply,
        503,
        'SERVICE_UNAVAILABLE',
        msg('Service temporarily unavailable, please retry'),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
      let message = error.message || msg('Bad request');
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        message = msg('The request body is not valid JSON');
      } else if (status === 413) {
        message = msg('The request is too large');
      } else if (status === 415) {
        message = msg('Unsupported content type');
      }
      return sendError(reply, status, code, message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL_ERROR', msg('Something went wrong on our side'));
  });
}
