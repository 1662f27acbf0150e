import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_ID, signInAs } from '../../../test/booking-api';
import { json, mockApi } from '../../../test/mock-api';
import { createQueryClient } from '../../app/query-client';
import { EmbedSnippetCard } from './embed-snippet-card';
import { embedSnippet } from './embed-snippet';

/** 'Book on your own site' in Settings (docs/product.md §21.3): a snippet per mode, copied. */

const BUSINESS_ID = '33333333-3333-4333-8333-333333333333';

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <EmbedSnippetCard />
    </QueryClientProvider>,
  );
}

describe('the embed snippet card', () => {
  /** user-event puts a clipboard on `navigator` that the test reads back. */
  const setupUser = () => userEvent.setup();
  const copiedText = () => navigator.clipboard.readText();
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes the script tag for each mode', () => {
    const origin = 'https://slotwise.example';
    expect(embedSnippet(origin, { kind: 'provider', id: 'p1' }, 'inline')).toBe(
      '<script src="https://slotwise.example/embed.js" data-provider="p1"></script>',
    );
    expect(embedSnippet(origin, { kind: 'business', id: 'b1' }, 'popup')).toBe(
      '<script src="https://slotwise.example/embed.js" data-business="b1" data-mode="popup"></script>',
    );
  });

  it("shows the provider's snippets and copies the one asked for", async () => {
    signInAs('provider');
    mockApi((call) => (call.path === '/api/business' ? json(200, { business: null }) : undefined));
    const user = setupUser();
    renderCard();
    const card = screen.getByRole('region', { name: 'Book on your own site' });
    const origin = window.location.origin;
    for (const [name, mode] of [
      ['In the page', ''],
      ['Button with a popup', ' data-mode="popup"'],
      ['Floating button', ' data-mode="button"'],
    ] as const) {
      expect(within(card).getByRole('heading', { name }).textContent).toBe(name);
      expect(
        card.querySelector(`[aria-labelledby="${within(card).getByRole('heading', { name }).id}"]`)
          ?.textContent,
      ).toBe(`<script src="${origin}/embed.js" data-provider="${PROVIDER_ID}"${mode}></script>`);
    }
    // No business: nothing to choose between.
    expect(within(card).queryByRole('radio')).toBeNull();

    const copyButtons = within(card).getAllByRole('button', { name: 'Copy' });
    expect(copyButtons).toHaveLength(3);
    await user.click(copyButtons[1]!);
    expect(await copiedText()).toBe(
      `<script src="${origin}/embed.js" data-provider="${PROVIDER_ID}" data-mode="popup"></script>`,
    );
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(card).getByRole('status').textContent).toBe('Copied');
  });

  it("offers the business's snippets to a provider with a business", async () => {
    signInAs('provider');
    mockApi((call) =>
      call.path === '/api/business'
        ? json(200, {
            business: {
              id: BUSINESS_ID,
              name: 'Shears & Co',
              owner_provider_id: PROVIDER_ID,
              is_owner: true,
              staff: [],
              resources: [],
              invitations: [],
            },
          })
        : undefined,
    );
    const user = setupUser();
    renderCard();
    await user.click(await screen.findByRole('radio', { name: 'Your business' }));
    const snippets = screen.getAllByText(/<script /);
    expect(snippets).toHaveLength(3);
    for (const snippet of snippets) {
      expect(snippet.textContent).toContain(`data-business="${BUSINESS_ID}"`);
    }
    await user.click(screen.getAllByRole('button', { name: 'Copy' })[0]!);
    expect(await copiedText()).toBe(
      `<script src="${window.location.origin}/embed.js" data-business="${BUSINESS_ID}"></script>`,
    );
  });

  it('shows nothing to a client', () => {
    signInAs('client');
    mockApi(() => undefined);
    const { container } = renderCard();
    expect(container).toBeEmptyDOMElement();
  });
});
