import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProvider, bookingApiForEachTest } from '../../../../test/booking-api';
import { openRoute, LAZY_ROUTE } from '../../../../test/render-route';

const api = bookingApiForEachTest('client');
const ana = makeProvider({ first_name: 'Ana', last_name: 'Lopez', specialty: 'Plumber' });
const andy = makeProvider({ first_name: 'Andy', last_name: 'Brown', specialty: 'Barber' });
const zoe = makeProvider({ first_name: 'Zoe', last_name: 'Kim', specialty: 'Tutor' });

beforeEach(() => {
  api.providers = [ana, andy, zoe];
});

/** The search requests the box made (the home carousel's unfiltered one has no q). */
function searchTerms(): string[] {
  return api.calls
    .filter((call) => call.path === '/api/search/providers')
    .map((call) => new URL(call.url, 'http://localhost').searchParams.get('q'))
    .filter((q): q is string => q !== null);
}

/** The client home, once the search box is there (`found`; the first visit loads the layout). */
const openBox = () =>
  openRoute('/client', () =>
    screen.findByRole('combobox', { name: 'Search providers' }, LAZY_ROUTE),
  );

describe('client search box', () => {
  it('is a labelled combobox with the SPEC placeholder, collapsed at first', async () => {
    const { found: box } = await openBox();
    expect(box).toHaveAttribute('placeholder', 'Search Providers by name, specialty...');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(screen.getByRole('search')).toContainElement(box);
  });

  it('searches from two characters on, once typing pauses', async () => {
    const { user, found: box } = await openBox();
    await user.type(box, 'a');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searchTerms()).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'n');
    const listbox = await screen.findByRole('listbox', { name: 'Providers' });
    expect(searchTerms()).toEqual(['an']);
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName(/^Ana Lopez\s*Plumber$/);
    expect(options[1]).toHaveAccessibleName(/^Andy Brown\s*Barber$/);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    // The avatar is decorative next to the name; its initials fallback is hidden.
    expect(within(options[0]!).queryByRole('img')).toBeNull();
  });

  it('debounces: fast typing sends one search for the whole text', async () => {
    const { user, found: box } = await openBox();
    await user.type(box, 'ana lo');
    await screen.findByRole('option', { name: /Ana Lopez/ });
    expect(searchTerms()).toEqual(['ana lo']);
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    const { user, found: box, router } = await openBox();
    await user.type(box, 'an');
    const [first, second] = await screen.findAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', first!.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', second!.id);
    expect(first).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}'); // wraps around
    expect(box).toHaveAttribute('aria-activedescendant', first!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', second!.id);

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/client/provider/${andy.listing.provider_id}`),
    );
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape, and a second Escape clears the text', async () => {
    const { user, found: box } = await openBox();
    await user.type(box, 'zo');
    await screen.findByRole('option', { name: /Zoe Kim/ });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('zo');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('opens the provider page on a click', async () => {
    const { user, found: box, router } = await openBox();
    await user.type(box, 'tutor');
    await user.click(await screen.findByRole('option', { name: /Zoe Kim/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/client/provider/${zoe.listing.provider_id}`),
    );
  });

  it('says so when nothing matches, and announces the result count', async () => {
    const { user, found: box } = await openBox();
    await user.type(box, 'xyz');
    // Shown under the box and announced by the live region.
    expect(await screen.findAllByText(MESSAGES.noProvidersFound)).toHaveLength(2);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.clear(box);
    await user.type(box, 'an');
    await screen.findAllByRole('option');
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === '2 providers found')).toBe(
        true,
      ),
    );
  });

  it("shows each result's category and rating beside the specialty (docs/product.md §11.2)", async () => {
    api.providers = [
      makeProvider({
        first_name: 'Pia',
        last_name: 'Pipes',
        specialty: 'Leak repairs',
        category: 'plumber',
        rating: 4.5,
        review_count: 8,
      }),
    ];
    const { user, found: box } = await openBox();
    await user.type(box, 'pia');
    const listbox = await screen.findByRole('listbox', { name: 'Providers' });
    const [option] = within(listbox).getAllByRole('option');
    expect(option).toHaveTextContent('Leak repairs · Plumber');
    expect(
      within(option!).getByRole('img', { name: '4.5 out of 5, 8 reviews' }),
    ).toBeInTheDocument();
  });
});
