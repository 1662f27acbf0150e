import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, type ApiCall } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { signInUser, tokenOf, userOf } from '../../../test/session-user';
import { LANGUAGE_KEY, changeLanguage, currentLanguage } from '../../lib/i18n';
import { fetchProfile } from './api/get-profile';

// docs/product.md §21.1: the switch, the account's saved language and its return at sign-in.

let api: { calls: ApiCall[] };
let accountLocale: string | null;

const localeSaves = () =>
  api.calls.filter((call) => call.method === 'PATCH' && call.path === '/api/profile/update');

beforeEach(() => {
  accountLocale = null;
  api = mockApi((call) => {
    if (call.method === 'PATCH' && call.path === '/api/profile/update') {
      return json(200, { message: 'Profile updated', profile: call.body });
    }
    if (call.method === 'POST' && call.path === '/api/auth/login') {
      const user = { ...userOf('client'), locale: accountLocale };
      return json(200, { token: tokenOf(user), user, message: MESSAGES.loginSuccessful });
    }
    if (call.method === 'GET' && call.path === '/api/profile') {
      return json(200, { profile: { ...userOf('provider'), locale: accountLocale } });
    }
    return undefined;
  });
});

afterEach(async () => {
  await changeLanguage('en');
});

describe('the language switch', () => {
  it('redraws the screens in the chosen language', async () => {
    signInUser(userOf('client'));
    await changeLanguage('es');
    await openRoute('/client/account', 'Cuenta');
    expect(screen.getByRole('heading', { level: 2, name: 'Idioma' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'es');
  });

  it("in Settings, saves the choice to the signed-in person's account", async () => {
    signInUser(userOf('client'));
    const { user } = await openRoute('/client/account', 'Account');
    const section = screen.getByRole('region', { name: 'Language' });
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Language' }), 'de');

    expect(await screen.findByRole('heading', { level: 1, name: 'Konto' })).toBeInTheDocument();
    await waitFor(() => expect(localeSaves().map((call) => call.body)).toEqual([{ locale: 'de' }]));
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('de');
  });

  it('in the header, saves it when signed in and only on the device when not', async () => {
    const { user, unmount } = await openRoute('/about');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    await waitFor(() => expect(currentLanguage()).toBe('fr'));
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('fr');
    expect(localeSaves()).toEqual([]);
    unmount();

    signInUser(userOf('client'));
    const signedIn = await openRoute('/about');
    await signedIn.user.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'ar');
    await waitFor(() => expect(localeSaves().map((call) => call.body)).toEqual([{ locale: 'ar' }]));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe("the account's language", () => {
  async function signIn() {
    const { user } = await openRoute('/login', 'Login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('applies at sign-in when this device has no choice of its own', async () => {
    accountLocale = 'fr';
    await signIn();
    await waitFor(() => expect(currentLanguage()).toBe('fr'));
    // Not remembered on the device: the next person to sign in here gets their own.
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBeNull();
  });

  it("leaves the device's own choice alone at sign-in", async () => {
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    accountLocale = 'fr';
    await signIn();
    expect(await screen.findByText(MESSAGES.loginSuccessful)).toBeInTheDocument();
    expect(currentLanguage()).toBe('en');
  });

  it('applies when the profile loads, and not when the account has none', async () => {
    signInUser(userOf('provider'));
    await fetchProfile();
    expect(currentLanguage()).toBe('en');
    accountLocale = 'de';
    await fetchProfile();
    await waitFor(() => expect(currentLanguage()).toBe('de'));
  });
});
