import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type * as EmbedScreens from './embed-screens';

/** One of embed-screens.tsx's components, loaded with the widget's first page. */
function screen(name: keyof typeof EmbedScreens) {
  return lazy(async () => ({
    default: (await import('./embed-screens'))[name] as ComponentType,
  }));
}

const EmbedLayout = screen('EmbedLayout');
const EmbedProviderScreen = screen('EmbedProviderScreen');
const EmbedBusinessScreen = screen('EmbedBusinessScreen');
const EmbedSignInScreen = screen('EmbedSignInScreen');
const EmbedSignUpScreen = screen('EmbedSignUpScreen');

/**
 * The booking widget's pages (docs/product.md §21.3), framed by other sites (the server lets any
 * site frame `/embed/*` only): a provider's or a business's times, and signing in or up to book.
 */
export const embedRoutes: RouteObject = {
  path: 'embed',
  element: <EmbedLayout />,
  children: [
    { path: 'providers/:id', element: <EmbedProviderScreen /> },
    { path: 'businesses/:id', element: <EmbedBusinessScreen /> },
    { path: 'login', element: <EmbedSignInScreen /> },
    { path: 'register', element: <EmbedSignUpScreen /> },
  ],
};
