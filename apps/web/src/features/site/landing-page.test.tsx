import { CATEGORY_SLUGS } from '@slotwise/shared/catalogue-schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { CATEGORY_NAMES } from '../../../test/catalogue-api';

describe('landing page', () => {
  it('shows the SPEC taglines as the hero', () => {
    renderRoute('/');
    const hero = screen.getByRole('region', { name: 'Book Trusted Services Near You' });
    expect(
      within(hero).getByRole('heading', { level: 1, name: 'Book Trusted Services Near You' }),
    ).toBeInTheDocument();
    expect(
      within(hero).getByText('Connecting you with top-rated providers in your community'),
    ).toBeInTheDocument();
    expect(within(hero).getByText('schedule your appointments with ease')).toBeInTheDocument();
  });

  it('sends both hero buttons and the call to action to /register', () => {
    renderRoute('/');
    expect(screen.getByRole('link', { name: 'Find a Provider' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Join as Provider' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/register');
  });

  it('has the top navigation of docs/product.md §2', () => {
    renderRoute('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('Home')).toBe('/');
    expect(href('How It Works')).toBe('#how-it-works');
    expect(href('Categories')).toBe('#categories');
    expect(href('About')).toBe('/about');
    expect(href('Contact')).toBe('#contact');

    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Sign Up' })[0]).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(header).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('has anchors the navigation points to', () => {
    const { container } = renderRoute('/');
    for (const id of ['how-it-works', 'categories', 'contact']) {
      expect(container.ownerDocument.getElementById(id)).not.toBeNull();
    }
  });

  it('explains the three steps', () => {
    renderRoute('/');
    const section = screen.getByRole('region', { name: 'How it works' });
    const steps = within(section).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(within(steps[0]!).getByRole('heading', { name: 'Search' })).toBeInTheDocument();
    expect(steps[0]).toHaveTextContent(/by category or location/i);
    expect(within(steps[1]!).getByRole('heading', { name: 'Book' })).toBeInTheDocument();
    expect(steps[1]).toHaveTextContent(/pick a time/i);
    expect(steps[1]).toHaveTextContent(/confirm instantly/i);
    expect(within(steps[2]!).getByRole('heading', { name: 'Connect' })).toBeInTheDocument();
    expect(steps[2]).toHaveTextContent(/meet the provider/i);
  });

  it('shows the eight categories, each a link to its providers (docs/product.md §11.2)', () => {
    renderRoute('/');
    const section = screen.getByRole('region', { name: 'Popular Categories' });
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(CATEGORY_NAMES);
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(CATEGORY_SLUGS.map((slug) => `/providers?category=${slug}`));
  });

  it('has a footer with quick links, contact details, social links and a copyright line', () => {
    renderRoute('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
    expect(within(footer).getByRole('region', { name: 'Contact' })).toHaveTextContent(/@/);
    expect(within(footer).getByRole('link', { name: /Slotwise on Facebook/ })).toBeInTheDocument();
    expect(footer).toHaveTextContent(/© \d{4} Slotwise\. All rights reserved\./);
  });

  it('keeps its headings in order: one h1, then h2 sections', () => {
    renderRoute('/');
    const main = screen.getByRole('main');
    const levels = within(main)
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });
});
