import { earningsResponseSchema, type Earnings } from '@slotwise/shared/payments-schemas';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { contractJson } from '../../../test/contract';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { makeProfile } from '../../../test/catalogue-api';
import { signInUser, userOf } from '../../../test/session-user';
import { addDays, localDateKey } from '../../lib/date-time-format';

// The provider's earnings (docs/product.md §16).
const ROUTE = '/api/payments/earnings';

let api: { calls: ApiCall[] };

const figures = (gross: number, refunds: number, fees: number, cancellation: number) => ({
  gross_cents: gross,
  refunds_cents: refunds,
  fees_cents: fees,
  cancellation_fees_cents: cancellation,
  net_cents: gross - refunds - fees,
});

function earningsFor(group: string): Earnings {
  const periods =
    group === 'month'
      ? [{ start: '2030-04-01', ...figures(5000, 1250, 150, 1250) }]
      : [
          { start: '2030-04-01', ...figures(2500, 0, 75, 0) },
          { start: '2030-04-08', ...figures(2500, 1250, 75, 1250) },
        ];
  return { ...figures(5000, 1250, 150, 1250), currency: 'EUR', periods };
}

beforeEach(() => {
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/profile') {
      return json(200, { profile: makeProfile() });
    }
    if (call.method === 'GET' && call.path === ROUTE) {
      const group = new URL(call.url, 'http://x').searchParams.get('group') ?? 'week';
      return contractJson(`GET ${ROUTE}`, earningsResponseSchema, 200, earningsFor(group));
    }
    return undefined;
  });
  signInUser(userOf('provider'));
});

describe('earnings', () => {
  it('shows the last 8 weeks by week: totals, a row per week and the CSV of the range', async () => {
    await openRoute('/dashboard/earnings', PAYMENT_TEXTS.earningsTitle);
    const today = localDateKey();
    const from = addDays(today, -55);
    expect(screen.getByLabelText('From')).toHaveValue(from);
    expect(screen.getByLabelText('To')).toHaveValue(today);
    const dl = await screen.findByLabelText('Totals');
    expect(within(dl).getByText('Gross').nextSibling).toHaveTextContent('€50.00');
    expect(within(dl).getByText('Refunds').nextSibling).toHaveTextContent('€12.50');
    expect(within(dl).getByText('Platform fees').nextSibling).toHaveTextContent('€1.50');
    expect(within(dl).getByText('Cancellation fees').nextSibling).toHaveTextContent('€12.50');
    expect(within(dl).getByText('Net').nextSibling).toHaveTextContent('€36.00');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toHaveTextContent('€25.00€12.50€0.75€12.50€11.75');
    expect(callsTo(api.calls, 'GET', ROUTE)[0]!.url).toBe(
      `${ROUTE}?from=${from}&to=${today}&group=week`,
    );
    expect(screen.getByRole('link', { name: PAYMENT_TEXTS.downloadCsv })).toHaveAttribute(
      'href',
      `/api/payments/earnings.csv?from=${from}&to=${today}`,
    );
  });

  it('switches to months and to another range', async () => {
    const { user } = await openRoute('/dashboard/earnings', PAYMENT_TEXTS.earningsTitle);
    await screen.findByRole('table');
    await user.click(screen.getByRole('radio', { name: 'By month' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('columnheader', { name: 'Month' })).toBeInTheDocument();

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2030-01-01');
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', ROUTE).at(-1)!.url).toContain('from=2030-01-01'),
    );
    expect(callsTo(api.calls, 'GET', ROUTE).at(-1)!.url).toContain('group=month');
    expect(screen.getByRole('link', { name: PAYMENT_TEXTS.downloadCsv })).toHaveAttribute(
      'href',
      expect.stringContaining('from=2030-01-01'),
    );
  });

  it('is in the provider navigation', async () => {
    await openRoute('/dashboard/earnings', PAYMENT_TEXTS.earningsTitle);
    const nav = screen.getByRole('navigation', { name: 'Provider' });
    expect(within(nav).getByRole('link', { name: 'Earnings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
