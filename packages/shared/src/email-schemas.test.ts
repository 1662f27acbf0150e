import { describe, expect, it } from 'vitest';
import {
  notificationPreferencesPatchSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from './email-schemas';
import { MESSAGES } from './texts';

describe('email and calendar schemas', () => {
  it('reset password: the registration rules and messages', () => {
    const error = (password: string) =>
      resetPasswordSchema.safeParse({ token: 'x'.repeat(43), password }).error?.issues[0]?.message;
    expect(error('')).toBe(MESSAGES.passwordRequired);
    expect(error('1234567')).toBe(MESSAGES.passwordMin);
    expect(error('x'.repeat(16))).toBe(MESSAGES.passwordMax);
    expect(error('Secret123')).toBeUndefined();
    const mismatch = resetPasswordFormSchema.safeParse({
      password: 'Secret123',
      confirmPassword: 'Secret124',
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: MESSAGES.passwordsMustMatch,
    });
  });

  it('preferences patch: booleans only, at least one, nothing else', () => {
    expect(notificationPreferencesPatchSchema.safeParse({ emailReminders: false }).success).toBe(
      true,
    );
    expect(notificationPreferencesPatchSchema.safeParse({}).success).toBe(false);
    expect(notificationPreferencesPatchSchema.safeParse({ emailReminders: 'no' }).success).toBe(
      false,
    );
    expect(
      notificationPreferencesPatchSchema.safeParse({ emailReminders: true, x: 1 }).success,
    ).toBe(false);
  });
});
