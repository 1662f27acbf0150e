import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid';

describe('isUuid', () => {
  it('takes what a uuid column accepts in canonical form, any version and case', () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      '00000000-0000-0000-0000-000000000000',
      'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
      'a0eebc99-9c0b-1ef8-0b6d-6bb9bd380a11',
    ]) {
      expect(isUuid(id), id).toBe(true);
    }
  });

  it('refuses anything else, whatever its type', () => {
    for (const id of [
      '',
      'not-a-uuid',
      'a0eebc999c0b4ef8bb6d6bb9bd380a11',
      '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}',
      'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11 ',
      'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1g',
      'user:00000000-0000-4000-8000-000000000000',
      42,
      null,
      undefined,
      ['00000000-0000-4000-8000-000000000000'],
    ]) {
      expect(isUuid(id), String(id)).toBe(false);
    }
  });
});
