import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from './toast-container';

describe('AppToastContainer', () => {
  it('announces every toast politely: role=status inside an aria-live=polite container', async () => {
    render(<AppToastContainer />);
    act(() => {
      toast.success('Time slot created successfully!');
      toast.error('Failed to delete slot');
    });

    const toasts = await screen.findAllByText(/Time slot created|Failed to delete/);
    expect(toasts).toHaveLength(2);
    for (const text of toasts) {
      const live = text.closest('[role]');
      expect(live).toHaveAttribute('role', 'status');
      expect(live!.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    }
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
