import { msg } from '@slotwise/shared/locales';
import type { ErrorCode } from '@slotwise/shared/api-error-schemas';

/**
 * Typed domain errors. Services throw these; the one error handler maps them to HTTP.
 * The message is user-facing text and must never contain internals.
 */
export class DomainError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fieldErrors?: Record<string, string>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    fieldErrors?: Record<string, string>,
  ) {
    // An expected outcome, answered as a 4xx and never logged: no stack is captured (a rush
    // answers 1,500 of them, docs/decisions/062).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.statusCode = statusCode;
    this.code = code;
    if (fieldErrors !== undefined) this.fieldErrors = fieldErrors;
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, fieldErrors?: Record<string, string>) {
    super(400, 'VALIDATION_FAILED', message, fieldErrors);
  }
  /** One field's rule failed: its message is also the general message. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, { [field]: message });
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message: string = msg('Authentication required')) {
    super(401, 'UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(
    message: string = msg('You are not allowed to do this'),
    code: ErrorCode = 'FORBIDDEN',
  ) {
    super(403, code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = msg('Not found')) {
    super(404, 'NOT_FOUND', message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: ErrorCode, message: string) {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string = msg('The upload is too large')) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaError extends DomainError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string = msg('Too many requests, please try again later')) {
    super(429, 'RATE_LIMITED', message);
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(message: string = msg('Service temporarily unavailable, please retry')) {
    super(503, 'SERVICE_UNAVAILABLE', message);
  }
}
