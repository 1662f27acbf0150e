import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpinnerOverlay } from './spinner-overlay';

describe('SpinnerOverlay', () => {
  it('announces politely with an accessible label', () => {
    render(<SpinnerOverlay label="Creating your account..." />);
    const status = screen.getByRole('status', { name: 'Creating your account...' });
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('has a default label', () => {
    render(<SpinnerOverlay />);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });
});
