import {
  figuresResponseSchema,
  type FiguresDay,
} from '@slotwise/shared/marketplace-figures-schemas';
import {
  adminProviderResponseSchema,
  adminProvidersResponseSchema,
  adminReportsResponseSchema,
  MODERATION_MESSAGES,
  resolveReportResponseSchema,
  type AdminProvider,
  type ReportItem,
} from '@slotwise/shared/moderation-schemas';
import { MODERATION_TEXTS, REPORT_ACTION_LABELS } from '@slotwise/shared/moderation-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/booking-api';
import { contractJson } from '../../../test/contract';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { LAZY_ROUTE, openRoute, renderRoute } from '../../../test/render-route';

/** The operator's /admin (docs/product.md §19.6). */

const HOUR = 3_600_000;

function day(date: string, overrides: Partial<FiguresDay> = {}): FiguresDay {
  return {
    day: date,
    bookings: 0,
    canceled: 0,
    no_shows: 0,
    new_providers: 0,
    gross: [],
    ...overrides,
  };
}

function makeReport(overrides: Partial<ReportItem> = {}): ReportItem {
  return {
    id: crypto.randomUUID(),
    kind: 'review',
    target_id: crypto.randomUUID(),
    reason: 'Insults the staff',
    status: 'open',
    created_at: new Date(Date.now() - 3 * HOUR - 60_000).toISOString(),
    reporter: { id: crypto.randomUUID(), name: 'Bea Stone', role: 'provider' },
    target: {
      kind: 'review',
      id: crypto.randomUUID(),
      provider_id: crypto.randomUUID(),
      provider_name: 'Bea Stone',
      text: 'You are all idiots',
      rating: 1,
      author_name: 'Carl R.',
      hidden: false,
      suspended: null,
    },
    resolution: null,
    open_on_target: 1,
    ...overrides,
  };
}

function makeAdminProvider(overrides: Partial<AdminProvider> = {}): AdminProvider {
  return {
    id: crypto.randomUUID(),
    user_id: crypto.randomUUID(),
    first_name: 'Rosa',
    last_name: 'Plumb',
    email: 'rosa@example.com',
    created_at: '2030-06-01T08:00:00.000Z',
    specialty: 'Plumber',
    listed: true,
    suspended_at: null,
    suspension_note: null,
    open_reports: 0,
    ...overrides,
  };
}

let api: { calls: ApiCall[] };
let reports: ReportItem[];
let providers: AdminProvider[];

function route(call: ApiCall): Response | undefined {
  const key = `${call.method} ${call.path}`;
  if (key === 'GET /api/notifications/unread') {
    return json(200, { unreadNotifications: [], unreadCount: 0 });
  }
  if (key === 'GET /api/admin/figures') {
    return contractJson(key, figuresResponseSchema, 200, {
      from: '2030-05-16',
      to: '2030-06-14',
      days: [day('2030-06-13', { bookings: 6, canceled: 1 }), day('2030-06-14', { bookings: 4 })],
      totals: {
        bookings: 10,
        canceled: 1,
        no_shows: 2,
        new_providers: 3,
        gross: [{ currency: 'USD', cents: 45000 }],
        cancel_rate: 0.1,
        no_show_rate: 0.2,
      },
      open_reports: reports.filter((r) => r.status === 'open').length,
      oldest_open_report_at: reports[0]?.created_at ?? null,
    });
  }
  if (key === 'GET /api/admin/reports') {
    const status = new URL(call.url, 'http://localhost').searchParams.get('status');
    return contractJson(key, adminReportsResponseSchema, 200, {
      reports: reports.filter((r) => status === 'all' || r.status === status),
      nextCursor: null,
    });
  }
  const resolve = /^POST \/api\/admin\/reports\/([^/]+)\/resolve$/.exec(key);
  if (resolve) {
    const { action, note } = call.body as { action: string; note: string };
    const report = reports.find((r) => r.id === resolve[1])!;
    const resolved: ReportItem = {
      ...report,
      status: action === 'dismiss' ? 'dismissed' : 'actioned',
      resolution: { action, note, resolved_at: new Date().toISOString(), admin_name: 'Ola Admin' },
      open_on_target: 0,
    };
    reports = reports.map((r) => (r.id === report.id ? resolved : r));
    return contractJson(key, resolveReportResponseSchema, 200, {
      message: MODERATION_MESSAGES.reviewHidden,
      report: resolved,
    });
  }
  if (key === 'GET /api/admin/providers') {
    const q = new URL(call.url, 'http://localhost').searchParams.get('q') ?? '';
    return contractJson(key, adminProvidersResponseSchema, 200, {
      providers: providers.filter((p) => p.first_name.toLowerCase().includes(q.toLowerCase())),
      nextCursor: null,
    });
  }
  const suspend = /^POST \/api\/admin\/providers\/([^/]+)\/suspend$/.exec(key);
  if (suspend) {
    const { note } = call.body as { note: string };
    const provider = {
      ...providers.find((p) => p.id === suspend[1])!,
      suspended_at: new Date().toISOString(),
      suspension_note: note,
      listed: false,
    };
    providers = providers.map((p) => (p.id === provider.id ? provider : p));
    return contractJson(key, adminProviderResponseSchema, 200, {
      message: MODERATION_MESSAGES.providerSuspended,
      provider,
    });
  }
  return undefined;
}

beforeEach(() => {
  reports = [makeReport()];
  providers = [makeAdminProvider(), makeAdminProvider({ first_name: 'Sam', last_name: 'Hart' })];
  api = mockApi(route);
  signInAs('admin', { firstName: 'Ola', lastName: 'Admin', providerId: null });
});

describe('/admin', () => {
  it('shows the last 30 days: totals, rates and the open reports with the oldest age', async () => {
    await openRoute('/admin', MODERATION_TEXTS.adminTitle);
    const figures = await screen.findByRole('heading', { name: MODERATION_TEXTS.figuresTitle });
    expect(figures).toBeInTheDocument();
    const term = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;
    await screen.findByText(MODERATION_TEXTS.cancelRate);
    expect(term(MODERATION_TEXTS.bookings)).toHaveTextContent('10');
    expect(term(MODERATION_TEXTS.cancelRate)).toHaveTextContent('10%');
    expect(term(MODERATION_TEXTS.noShowRate)).toHaveTextContent('20%');
    expect(term(MODERATION_TEXTS.openReports)).toHaveTextContent('1oldest 3 h ago');
    expect(term(MODERATION_TEXTS.gross)).toHaveTextContent('$450.00');
    // The chart's table for assistive technology: every day of the range.
    const table = screen.getByRole('table', { name: MODERATION_TEXTS.chartTitle });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('lists the queue and hides a review with the required note', async () => {
    const { user } = await openRoute('/admin/reports', MODERATION_TEXTS.adminTitle);
    const card = within(await screen.findByRole('article', { name: 'Review · 3 h ago' }));
    expect(
      card.getByText(MODERATION_TEXTS.reportedBy('Bea Stone', 'provider')),
    ).toBeInTheDocument();
    expect(card.getByText('You are all idiots')).toBeInTheDocument();
    expect(card.getByText(MODERATION_TEXTS.byAuthor('Carl R.'))).toBeInTheDocument();
    // A review report cannot suspend anyone.
    expect(card.queryByRole('button', { name: REPORT_ACTION_LABELS.suspend_provider })).toBeNull();

    await user.click(card.getByRole('button', { name: REPORT_ACTION_LABELS.hide_review }));
    const dialog = within(
      await screen.findByRole('dialog', { name: REPORT_ACTION_LABELS.hide_review }),
    );
    await user.click(dialog.getByRole('button', { name: REPORT_ACTION_LABELS.hide_review }));
    expectFieldError(
      dialog.getByLabelText(MODERATION_TEXTS.noteLabel),
      MODERATION_MESSAGES.noteRequired,
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(dialog.getByLabelText(MODERATION_TEXTS.noteLabel), 'Abusive language');
    await user.click(dialog.getByRole('button', { name: REPORT_ACTION_LABELS.hide_review }));
    expect(await screen.findByText(MODERATION_MESSAGES.reviewHidden)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      callsTo(api.calls, 'POST', `/api/admin/reports/${reports[0]!.id}/resolve`).map((c) => c.body),
    ).toEqual([{ action: 'hide_review', note: 'Abusive language' }]);
    // The queue is read again: nothing is open any more.
    expect(await screen.findByText(MODERATION_TEXTS.noReports)).toBeInTheDocument();
  });

  it('searches providers and suspends one with a note', async () => {
    const { user } = await openRoute('/admin/providers', MODERATION_TEXTS.adminTitle);
    await screen.findByText('Sam Hart');
    await user.type(screen.getByRole('searchbox', { name: MODERATION_TEXTS.searchLabel }), 'ros');
    await waitFor(() => expect(screen.queryByText('Sam Hart')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Suspend Rosa Plumb' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend Rosa Plumb' }));
    await user.type(dialog.getByLabelText(MODERATION_TEXTS.noteLabel), 'Fake listing');
    await user.click(dialog.getByRole('button', { name: MODERATION_TEXTS.suspend }));
    expect(await screen.findByText(MODERATION_MESSAGES.providerSuspended)).toBeInTheDocument();
    expect(
      await screen.findByText(MODERATION_TEXTS.suspendedBecause('Fake listing')),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate Rosa Plumb' })).toBeInTheDocument();
    const searches = callsTo(api.calls, 'GET', '/api/admin/providers').map((c) => c.url);
    expect(searches).toContain('/api/admin/providers?status=all&q=ros');
  });

  it('is for operators only: a client is sent to their own area', async () => {
    signInAs('client');
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/client'), LAZY_ROUTE);
  });

  it("names the operator's area 'Admin' in the site header", async () => {
    await openRoute('/about', () => screen.findAllByRole('link', { name: 'Admin' }, LAZY_ROUTE));
    expect(screen.getAllByRole('link', { name: 'Admin' })[0]).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'My account' })).toBeNull();
  });
});
