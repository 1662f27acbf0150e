import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingApiForEachTest, makeProvider } from '../../../test/booking-api';
import { BUSINESS_ID } from '../../../test/business-api';
import { openRoute } from '../../../test/render-route';

/** Results name the business a provider works in (docs/product.md §13), linking to its page. */

const api = bookingApiForEachTest();

describe('a result of a provider in a business', () => {
  it("says 'at <business>' with a link to the business page; a sole provider says nothing", async () => {
    api.providers = [
      makeProvider({
        first_name: 'Bea',
        last_name: 'Barber',
        business_id: BUSINESS_ID,
        business_name: 'Cut & Co',
      }),
      makeProvider({
        first_name: 'Sol',
        last_name: 'Solo',
        business_id: null,
        business_name: null,
      }),
    ];
    await openRoute('/providers', 'Find a provider');
    const bea = await screen.findByRole('article', { name: 'Bea Barber' });
    expect(
      within(bea).getByRole('link', { name: BUSINESS_TEXTS.atBusiness('Cut & Co') }),
    ).toHaveAttribute('href', `/businesses/${BUSINESS_ID}`);
    const sol = screen.getByRole('article', { name: 'Sol Solo' });
    expect(within(sol).queryByText(/^at /)).toBeNull();
  });
});
