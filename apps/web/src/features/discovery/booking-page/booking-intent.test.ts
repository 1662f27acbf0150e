import { beforeEach, describe, expect, it } from 'vitest';
import { rememberBookingIntent, takeBookingIntent } from './booking-intent';

describe("'Book Now' pressed while signed out (docs/product.md §14.1)", () => {
  beforeEach(() => localStorage.clear());

  it('books on return only the time the visitor pressed, once', () => {
    rememberBookingIntent('slot-a', 1_000);
    expect(takeBookingIntent('slot-b', 2_000)).toBe(false);
    expect(takeBookingIntent('slot-a', 2_000)).toBe(true);
    expect(takeBookingIntent('slot-a', 3_000)).toBe(false);
  });

  it('never books from a link alone', () => {
    expect(takeBookingIntent('slot-a')).toBe(false);
  });

  it('forgets the choice after an hour', () => {
    rememberBookingIntent('slot-a', 0);
    expect(takeBookingIntent('slot-a', 60 * 60 * 1000)).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
