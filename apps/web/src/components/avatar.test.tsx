import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, DEFAULT_AVATAR_URL } from './avatar';

describe('Avatar', () => {
  it('shows the image with the name as alt text', () => {
    render(<Avatar src="/uploads/1" name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/uploads/1');
  });

  it('falls back to initials when the image fails to load', () => {
    render(<Avatar src="/uploads/broken" name="Ada Lovelace" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
    const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AL');
  });

  it('falls back to the default avatar when there is no url and no name', () => {
    render(<Avatar src={null} />);
    expect(screen.getByRole('img', { name: 'User avatar' })).toHaveAttribute(
      'src',
      DEFAULT_AVATAR_URL,
    );
  });

  it('uses the default avatar image when asked to, e.g. for a missing url', () => {
    render(<Avatar src="" name="Grace Hopper" fallback="image" />);
    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveAttribute(
      'src',
      DEFAULT_AVATAR_URL,
    );
  });

  it('skips the "-" placeholder last name in initials', () => {
    render(<Avatar name="Cher -" />);
    expect(screen.getByRole('img', { name: 'Cher -' })).toHaveTextContent(/^C$/);
  });

  it('tries a new url after an earlier one failed', () => {
    const { rerender } = render(<Avatar src="/uploads/old" name="Ada Lovelace" />);
    fireEvent.error(screen.getByRole('img'));
    rerender(<Avatar src="/uploads/new" name="Ada Lovelace" />);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/uploads/new');
  });

  it('is hidden from assistive technology when decorative', () => {
    const { container } = render(<Avatar name="Ada Lovelace" alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container).toHaveTextContent('AL');
  });
});
