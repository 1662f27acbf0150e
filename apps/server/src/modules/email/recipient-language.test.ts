import { describe, expect, it } from 'vitest';
import { book } from '../../../test/helpers/booking-factories';
import { createSlotAt } from '../../../test/helpers/exact-slots';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { useMailTestApp } from '../../../test/helpers/mail';
import { mailsTo } from '../../../test/helpers/mail-reader';
import { asUser } from '../../../test/helpers/requests';

/**
 * The reader's language (docs/product.md §21.1): the API answers errors in the request's
 * `Accept-Language`; mails, `.ics` texts and stored notifications go out in the recipient's
 * saved `locale`, English when none.
 */

const DAY = 24 * 3_600_000;
const inDays = (days: number) =>
  new Date(Math.ceil((Date.now() + days * DAY) / (30 * 60_000)) * 30 * 60_000);

/** '26.11.2026' in the zone, computed independently of the code under test. */
const germanDate = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(instant);

describe('the reader’s language', () => {
  const t = useMailTestApp({ ownMailOnly: true });

  async function chooseLanguage(user: { headers: Record<string, string> }, locale: string) {
    const res = await asUser(t.app, user).patch('/api/profile/update', { locale });
    expect(res.statusCode).toBe(200);
    return res.json().profile;
  }

  it('answers a 400 in the request’s language, in English without Accept-Language', async () => {
    const client = await createClient(t.app);
    const german = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: { ...client.headers, 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' },
      payload: { locale: 'xx' },
    });
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Wählen Sie eine der angebotenen Sprachen',
      fieldErrors: { locale: 'Wählen Sie eine der angebotenen Sprachen' },
    });
    const english = await asUser(t.app, client).patch('/api/profile/update', { locale: 'xx' });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({
      message: 'Choose one of the languages offered',
      error: 'Choose one of the languages offered',
      fieldErrors: { locale: 'Choose one of the languages offered' },
    });
  });

  it('saves a locale sent alone, changing nothing else; profile and sign-in carry it', async () => {
    const client = await createClient(t.app, { firstName: 'Ana', lastName: 'Ruiz' });
    const before = (await asUser(t.app, client).get('/api/profile')).json().profile;
    expect(before.locale).toBeNull();
    const after = await chooseLanguage(client, 'es');
    expect(after).toMatchObject({ locale: 'es', firstName: 'Ana', lastName: 'Ruiz' });
    expect((await asUser(t.app, client).get('/api/profile')).json().profile.locale).toBe('es');
  });

  it('mails, .ics and notifications in each recipient’s language; dates in its format', async () => {
    const provider = await createProvider(t.app, {
      firstName: 'Pia',
      lastName: 'Barber',
      timezone: 'Europe/Berlin',
    });
    const client = await createClient(t.app, {
      firstName: 'Colette',
      lastName: 'Martin',
      timezone: 'Europe/Madrid',
    });
    await chooseLanguage(provider, 'de');
    await chooseLanguage(client, 'es');
    const slot = await createSlotAt(t.app, provider.providerId!, inDays(5));
    await book(t.app, client, slot.id);
    await t.app.jobs.runDue(new Date());

    const [toProvider] = await mailsTo(t.smtp.messages, provider.email);
    expect(toProvider!.subject).toBe('Termin gebucht: Haircut für Colette Martin');
    expect(toProvider!.text).toContain('Hallo Pia,');
    expect(toProvider!.text).toContain(germanDate(slot.startsAt, 'Europe/Berlin'));
    expect(toProvider!.html).toContain('<html lang="de">');

    const [toClient] = await mailsTo(t.smtp.messages, client.email);
    expect(toClient!.subject).toBe('Cita reservada: Haircut con Pia Barber');
    expect(toClient!.ics!.event.summary).toBe('Haircut con Pia Barber');
    expect(toClient!.ics!.event.description).toMatch(/^Cita de Slotwise\. Gestiónala en /);

    // The provider's stored notification, worded in German when stored.
    const list = (await asUser(t.app, provider).get('/api/notifications')).json();
    expect(JSON.stringify(list)).toContain('Colette Martin hat Haircut am ');
  });

  it('stores a French provider’s notification in French', async () => {
    const provider = await createProvider(t.app, { timezone: 'Europe/Paris' });
    const client = await createClient(t.app, { firstName: 'Eve', lastName: 'Lee' });
    await chooseLanguage(provider, 'fr');
    const slot = await createSlotAt(t.app, provider.providerId!, inDays(6));
    await book(t.app, client, slot.id);
    const list = (await asUser(t.app, provider).get('/api/notifications')).json();
    expect(JSON.stringify(list)).toContain('Eve Lee a réservé Haircut le ');
    // English recipients are unchanged.
    const [toClient] = await (async () => {
      await t.app.jobs.runDue(new Date());
      return mailsTo(t.smtp.messages, client.email);
    })();
    expect(toClient!.subject).toMatch(/^Appointment booked: Haircut with /);
    expect(toClient!.html).toContain('<html lang="en">');
  });
});
