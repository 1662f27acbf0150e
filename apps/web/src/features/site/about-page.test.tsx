import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route';

describe('about page', () => {
  it('tells the story, founded in 2025', async () => {
    renderRoute('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Slotwise' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Our story' })).toHaveTextContent(/founded in 2025/);
  });

  it('has milestones, mission and values, team and statistics', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(
      within(screen.getByRole('region', { name: 'Milestones' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(1);
    expect(screen.getByRole('region', { name: 'Our mission and values' })).toHaveTextContent(
      /mission/i,
    );
    expect(
      within(screen.getByRole('region', { name: 'Meet the team' })).getAllByRole('heading', {
        level: 3,
      }).length,
    ).toBeGreaterThan(1);
    const stats = screen.getByRole('region', { name: 'Slotwise in numbers' });
    expect(stats).toHaveTextContent(/businesses served/i);
    expect(stats).toHaveTextContent(/appointments booked/i);
    expect(stats).toHaveTextContent(/satisfaction/i);
  });

  it('ends with a call to action: start free trial, contact sales', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '#contact');
  });
});
