import { describe, expect, it } from 'vitest';
import {
  amountDueAtBooking,
  cancellationFeesField,
  feePercentAt,
  feeTierSentences,
  percentOf,
  settlementOf,
} from './payments-schemas';

/** The payments arithmetic (docs/decisions/068-payments.md), written once for forms and server. */
describe('payments arithmetic', () => {
  const tiers = [
    { hoursBefore: 24, percent: 50 },
    { hoursBefore: 48, percent: 0 },
    { hoursBefore: 0, percent: 100 },
  ];

  it('the tier that applies is the largest hoursBefore reached', () => {
    expect(feePercentAt(tiers, 72)).toBe(0);
    expect(feePercentAt(tiers, 48)).toBe(0);
    expect(feePercentAt(tiers, 47.99)).toBe(50);
    expect(feePercentAt(tiers, 24)).toBe(50);
    expect(feePercentAt(tiers, 1)).toBe(100);
    expect(feePercentAt([], 1)).toBe(0);
    expect(feePercentAt([{ hoursBefore: 24, percent: 50 }], 3)).toBe(0);
  });

  it('rounds fees down to the minor unit: 50 % of 999 is 499', () => {
    expect(percentOf(999, 50)).toBe(499);
    expect(percentOf(3333, 50)).toBe(1666);
    expect(percentOf(1, 99)).toBe(0);
    expect(percentOf(10_000_000, 100)).toBe(10_000_000);
  });

  it('keeps the fee out of what was paid, refunds the rest, charges a card on file', () => {
    expect(settlementOf({ mode: 'prepay', priceCents: 999, paidCents: 999, percent: 50 })).toEqual({
      fee_cents: 499,
      refund_cents: 500,
      charge_cents: 0,
    });
    // A deposit keeps at most the deposit.
    expect(
      settlementOf({ mode: 'deposit', priceCents: 8000, paidCents: 2000, percent: 50 }),
    ).toEqual({
      fee_cents: 2000,
      refund_cents: 0,
      charge_cents: 0,
    });
    expect(
      settlementOf({ mode: 'card_on_file', priceCents: 3333, paidCents: 0, percent: 50 }),
    ).toEqual({
      fee_cents: 1666,
      refund_cents: 0,
      charge_cents: 1666,
    });
    expect(amountDueAtBooking('deposit', 1000, 1500)).toBe(1000);
    expect(amountDueAtBooking('card_on_file', 1000, null)).toBe(0);
  });

  it('says the tiers in words, highest first, and refuses repeated hours', () => {
    expect(feeTierSentences(tiers, 100)).toEqual([
      'Cancel 48 h or more before: 0 % of the price',
      'Cancel 24–48 h before: 50 % of the price',
      'Cancel less than 24 h before: 100 % of the price',
      'No-show: 100 % of the price',
    ]);
    expect(feeTierSentences([{ hoursBefore: 24, percent: 50 }], 0)).toEqual([
      'Cancel 24 h or more before: 50 % of the price',
      'Cancel less than 24 h before: free',
    ]);
    expect(cancellationFeesField.safeParse([tiers[0], tiers[0]]).success).toBe(false);
  });
});
