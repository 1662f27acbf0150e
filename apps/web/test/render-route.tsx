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
export type ScreenReady = string | RegExp | (() => Promise<unknown>);

/** renderRoute with a user-event session, once the (lazy) screen is there. */
export async function openRoute(
  entry: InitialEntry | InitialEntry[],
  ready?: ScreenReady,
  options: RouteOptions = {},
) {
  const user = userEvent.setup();
  const view = renderRoute(entry, options);
  if (typeof ready === 'function') await ready();
  else {
    const name = ready === undefined ? {} : { name: ready };
    await screen.findByRole('heading', { level: 1, ...name }, LAZY_ROUTE);
  }
  return { user, ...view };
}
