import { describe, expect, it } from 'vitest';
import { linkAction, widgetPath } from './embed-links';

/** Links inside the widget (docs/product.md §21.3): its own pages stay, the rest opens a new tab. */
describe('links in the booking widget', () => {
  const ORIGIN = 'https://slotwise.example';

  it('keeps the widget pages and in-page anchors in the frame', () => {
    expect(linkAction('/embed/providers/p1?slot=s1', ORIGIN)).toEqual({ kind: 'stay' });
    expect(linkAction('#policy', ORIGIN)).toEqual({ kind: 'stay' });
  });

  it("opens sign-in and sign-up as the widget's own, going back to the widget", () => {
    expect(linkAction('/login?next=%2Fproviders%2Fp1%3Fslot%3Ds1', ORIGIN)).toEqual({
      kind: 'in-frame',
      to: `/embed/login?next=${encodeURIComponent('/embed/providers/p1?slot=s1')}`,
    });
    expect(linkAction('/register?next=%2Fbusinesses%2Fb1', ORIGIN)).toEqual({
      kind: 'in-frame',
      to: `/embed/register?next=${encodeURIComponent('/embed/businesses/b1')}`,
    });
    // A `next` the widget does not show is dropped, never followed.
    expect(linkAction('/login?next=%2Fclient%2Fappointments', ORIGIN)).toEqual({
      kind: 'in-frame',
      to: '/embed/login',
    });
  });

  it("shows a provider's or business's page as the widget's", () => {
    expect(linkAction(`${ORIGIN}/providers/p2`, ORIGIN)).toEqual({
      kind: 'in-frame',
      to: '/embed/providers/p2',
    });
  });

  it('opens everything else in a new tab', () => {
    for (const href of ['/client/appointments', '/forgot-password', '/', '/providers']) {
      expect(linkAction(href, ORIGIN), href).toEqual({ kind: 'new-tab', url: `${ORIGIN}${href}` });
    }
    expect(linkAction('https://www.openstreetmap.org/?mlat=1', ORIGIN)).toEqual({
      kind: 'new-tab',
      url: 'https://www.openstreetmap.org/?mlat=1',
    });
  });

  it('maps only the pages the widget shows', () => {
    expect(widgetPath('/providers/p1?slot=s')).toBe('/embed/providers/p1?slot=s');
    expect(widgetPath('/embed/businesses/b1')).toBe('/embed/businesses/b1');
    expect(widgetPath('/providers/p1/reviews')).toBeNull();
    expect(widgetPath(null)).toBeNull();
  });
});
