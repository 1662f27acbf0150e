import { SEARCH_DEFAULT_RADIUS_KM, SEARCH_MAX_RADIUS_KM } from '@slotwise/shared/discovery-schemas';
import { describe, expect, it } from 'vitest';
import { RADIUS_CHOICES, radiusLabel } from './radius-choices';

describe('the Distance choices (docs/product.md §14.2)', () => {
  it("offer the API's default radius and nothing it refuses", () => {
    expect(RADIUS_CHOICES).toContain(SEARCH_DEFAULT_RADIUS_KM);
    expect(Math.max(...RADIUS_CHOICES)).toBeLessThanOrEqual(SEARCH_MAX_RADIUS_KM);
    expect(radiusLabel(10)).toBe('Within 10 km');
  });
});
