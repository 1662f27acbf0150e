import { TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { createPayingProvider } from '../../../test/helpers/payment-factories';
import { asUser } from '../../../test/helpers/requests';

/** Receipts (docs/product.md §16.2): one mail per payment and per refund, with the amounts. */
describe('payment receipts', () => {
  const t = useMailTestApp({ ownMailOnly: true });

  it('a payment mails a receipt with the booking; a cancel mails the refund and the fee kept', async () => {
    const { provider, slot } = await createPayingProvider(t.app, {
      mode: 'prepay',
      priceCents: 999,
      currency: 'USD',
      tiers: [
        { hoursBefore: 48, percent: 0 },
        { hoursBefore: 24, percent: 50 },
      ],
    });
    const client = await createClient(t.app);
    const as = asUser(t.app, client);
    const booked = await as.post('/api/appointment/booking', { timeslotId: (await slot(30)).id });
    const { id, payment } = booked.json().appointment;
    await t.app.jobs.runDue(new Date());
    // Nothing is mailed for a hold: neither party hears of the booking before it is paid.
    expect(await mailsTo(t.smtp.messages, client.email)).toEqual([]);
    expect(await mailsTo(t.smtp.messages, provider.email)).toEqual([]);
    await as.post(`/api/payments/${payment.id}/test-checkout`, { cardNumber: TEST_CARDS.success });
    await t.app.jobs.runDue(new Date());
    const paid = await mailsTo(t.smtp.messages, client.email);
    const receipt = paid.find((mail) => mail.subject.startsWith('Receipt: $9.99'));
    expect(receipt?.text).toContain('You paid $9.99');
    // And the booking mails, as for any booking (the provider's too).
    expect(paid.length).toBeGreaterThanOrEqual(2);
    expect((await mailsTo(t.smtp.messages, provider.email)).length).toBeGreaterThanOrEqual(1);
    await as.patch(`/api/appointment/cancel/${id}`, {});
    await t.app.jobs.runDue(new Date());
    const after = await mailsTo(t.smtp.messages, client.email);
    const refund = after.find(
      (mail) => mail.subject.endsWith('canceled') && mail.subject.startsWith('Receipt'),
    );
    expect(refund?.text).toContain('Refunded: $5.00.');
    expect(refund?.text).toContain('Fee kept or charged: $4.99.');
  });
});
