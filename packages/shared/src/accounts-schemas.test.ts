import { describe, expect, it } from 'vitest';
import { registerFormSchema } from './accounts-schemas';
import { MESSAGES } from './texts';

function issuesOf(values: Record<string, unknown>) {
  const result = registerFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

const valid = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Secret123',
  confirmPassword: 'Secret123',
  role: 'client',
  terms: true,
};

describe('registerFormSchema: passwords must match', () => {
  it('accepts matching passwords', () => {
    expect(issuesOf(valid)).toEqual([]);
  });

  it('reports a mismatch while other fields are still invalid (terms unticked)', () => {
    // The form shows errors of touched fields as the user goes: the check must not wait for
    // the terms box at the end of the form.
    expect(issuesOf({ ...valid, terms: undefined, confirmPassword: 'Secret124' })).toContainEqual([
      'confirmPassword',
      MESSAGES.passwordsMustMatch,
    ]);
  });

  it("reports only 'Confirm your password' while the confirmation is empty", () => {
    const issues = issuesOf({ ...valid, confirmPassword: '' });
    expect(issues).toEqual([['confirmPassword', MESSAGES.confirmPasswordRequired]]);
  });
});
