import { describe, expect, it } from 'vitest';
import { ConflictError, DomainError, ValidationError } from './errors';

describe('domain errors', () => {
  it('carry their status, code, message and fields, without capturing a stack', () => {
    const before = Error.stackTraceLimit;
    const error = new ConflictError('SLOT_TAKEN', 'Taken');
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ statusCode: 409, code: 'SLOT_TAKEN', message: 'Taken' });
    expect(error.name).toBe('ConflictError');
    // The stack is the first line only: no frame was captured.
    expect(error.stack).toBe('ConflictError: Taken');
    expect(ValidationError.field('email', 'Bad').fieldErrors).toEqual({ email: 'Bad' });
    // Other errors still get their stacks.
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('real').stack?.split('\n').length).toBeGreaterThan(1);
  });
});
