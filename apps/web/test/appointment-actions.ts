import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** Presses an appointment card's Cancel and confirms with 'Yes, cancel' (the only card shown). */
export async function cancelAndConfirm(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(await screen.findByRole('button', { name: 'Cancel' }));
  await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
}
