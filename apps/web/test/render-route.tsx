import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { AppProviders } from '../src/app/providers';
import { routes } from '../src/app/router';

/** The screens are lazy routes: their first render may wait for a chunk on a busy machine. */
export const LAZY_ROUTE = { timeout: 5000 };

export interface RouteOptions {
  /** Which of several entries is the current one (the others are the history before it). */
  initialIndex?: number;
  /** Rendered as in main.tsx, under StrictMode (effects mount twice in development). */
  strictMode?: boolean;
}

/** Renders the real route table at `entry` (in memory) with the app's providers. */
export function renderRoute(entry: InitialEntry | InitialEntry[], options: RouteOptions = {}) {
  const router = createMemoryRouter(routes, {
    initialEntries: Array.isArray(entry) ? entry : [entry],
    initialIndex: options.initialIndex,
  });
  const tree = (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(options.strictMode ? <StrictMode>{tree}</StrictMode> : tree);
  return { router, ...view };
}

/**
 * What shows that a screen has loaded: the name of its level-1 heading (any level-1 heading when
 * left out), or a wait of the test's own.
 */
export type ScreenReady<T> = string | RegExp | (() => Promise<T>);

/**
 * renderRoute with a user-event session, once the (lazy) screen is there; `found` is what
 * showed it (the heading, or what the test's own wait returned).
 */
export async function openRoute<T = HTMLElement>(
  entry: InitialEntry | InitialEntry[],
  ready?: ScreenReady<T>,
  options: RouteOptions = {},
) {
  const user = userEvent.setup();
  const view = renderRoute(entry, options);
  let found: T | HTMLElement;
  if (typeof ready === 'function') found = await ready();
  else {
    const name = ready === undefined ? {} : { name: ready };
    found = await screen.findByRole('heading', { level: 1, ...name }, LAZY_ROUTE);
  }
  return { user, found: found as T, ...view };
}

/** The screen's level-1 heading `name`, once it is there. */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}
