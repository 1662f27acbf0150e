import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_MESSAGES,
  createServiceBodySchema,
  providerCatalogueFormSchema,
  radiusIssue,
  updateServiceBodySchema,
} from './catalogue-schemas';
import { formatPrice } from './money';
import { endTimeForDuration } from './availability-slot-field-schemas';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('catalogue schemas', () => {
  it('the onboarding form requires category and place, and a radius only with at_client', () => {
    expect(errorsOf(providerCatalogueFormSchema.safeParse({ serviceMode: 'online' }))).toEqual({
      category: CATALOGUE_MESSAGES.categoryRequired,
      placeId: CATALOGUE_MESSAGES.placeRequired,
    });
    const base = { category: 'plumber', placeId: '3448439' };
    expect(
      errorsOf(providerCatalogueFormSchema.safeParse({ ...base, serviceMode: 'at_client' })),
    ).toEqual({ radiusKm: CATALOGUE_MESSAGES.radiusRequired });
    expect(
      providerCatalogueFormSchema.safeParse({ ...base, serviceMode: 'at_client', radiusKm: '25' })
        .data,
    ).toMatchObject({ radiusKm: 25, address: '' });
    expect(radiusIssue('online', 5)).toBe(CATALOGUE_MESSAGES.radiusOnlyAtClient);
    expect(radiusIssue('at_provider', null)).toBeNull();
  });

  it('services: limits on duration, price, currency and name', () => {
    const valid = { name: 'Cut', duration_minutes: 30, price_cents: 0, currency: 'usd' };
    expect(createServiceBodySchema.parse(valid)).toEqual({
      ...valid,
      currency: 'USD',
      description: '',
      active: true,
      payment_mode: 'none',
    });
    for (const [patch, field] of [
      [{ duration_minutes: 14 }, 'duration_minutes'],
      [{ duration_minutes: 481 }, 'duration_minutes'],
      [{ price_cents: -1 }, 'price_cents'],
      [{ price_cents: 10_000_001 }, 'price_cents'],
      [{ currency: 'ABC' }, 'currency'],
      [{ name: 'x'.repeat(81) }, 'name'],
    ] as const) {
      expect(
        Object.keys(errorsOf(createServiceBodySchema.safeParse({ ...valid, ...patch }))),
      ).toEqual([field]);
    }
    expect(updateServiceBodySchema.safeParse({}).success).toBe(false);
  });

  it('formats prices in the currency’s minor units, and proposes a slot end from a duration', () => {
    expect(formatPrice(2500, 'USD', 'en-US')).toBe('$25.00');
    expect(formatPrice(2500, 'JPY', 'en-US')).toBe('¥2,500');
    expect(endTimeForDuration('09:30', 45)).toBe('10:15:00');
    expect(endTimeForDuration('23:30', 45)).toBeNull();
  });
});
