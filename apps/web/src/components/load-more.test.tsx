import { APPOINTMENT_LIST_MESSAGES } from '@slotwise/shared/appointments-schemas';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';

/** A stand-in IntersectionObserver (jsdom has none) whose callback the test fires. */
function stubObserver() {
  const observers: { fire(visible: boolean): void; disconnected: boolean }[] = [];
  class FakeObserver {
    disconnected = false;
    constructor(private callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe() {}
    disconnect() {
      this.disconnected = true;
    }
    fire(visible: boolean) {
      this.callback(
        [{ isIntersecting: visible } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return observers;
}

describe('LoadMore', () => {
  it('loads the next page when the sentinel scrolls into view, not while a page is loading', () => {
    const observers = stubObserver();
    const onLoadMore = vi.fn();
    const { rerender } = render(<LoadMore hasMore loading={false} onLoadMore={onLoadMore} />);
    observers.at(-1)!.fire(false);
    expect(onLoadMore).not.toHaveBeenCalled();
    observers.at(-1)!.fire(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore hasMore loading onLoadMore={onLoadMore} />);
    expect(observers.every((o) => o.disconnected)).toBe(true);
    expect(
      screen.getByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadingMore }),
    ).toBeVisible();
  });

  it("offers a 'Load more' button (keyboard, no observer) and nothing at the end", async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<LoadMore hasMore loading={false} onLoadMore={onLoadMore} />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore hasMore={false} loading={false} onLoadMore={onLoadMore} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
