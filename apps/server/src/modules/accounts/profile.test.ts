import { MESSAGES } from '@slotwise/shared/texts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { createClient, createProvider } from '../../../test/helpers/factories';
import { png, multipart } from '../../../test/helpers/images';
import { asUser } from '../../../test/helpers/requests';

describe('profile', () => {
  const t = useTestApp();

  const update = (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
  ) => asUser(t.app, { headers }).patch('/api/profile/update', multipart(fields, file));

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/profile/update', payload: {} })).statusCode,
    ).toBe(401);
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: 'Bearer nope' },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('GET /api/profile returns the caller’s own profile with both name spellings', async () => {
    const provider = await createProvider(t.app, {
      firstName: 'Ana',
      lastName: 'Lopez',
      specialty: 'Plumber',
      bio: '',
    });
    const res = await asUser(t.app, provider).get('/api/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      id: provider.id,
      firstName: 'Ana',
      first_name: 'Ana',
      lastName: 'Lopez',
      last_name: 'Lopez',
      email: provider.email,
      role: 'provider',
      profileImageUrl: null,
      profile_image_url: null,
      providerId: provider.providerId,
      providerDetails: { specialty: 'Plumber', bio: '' },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|argon2/i);
    const client = await createClient(t.app);
    const mine = await asUser(t.app, client).get('/api/profile');
    expect(mine.json().profile).toMatchObject({
      id: client.id,
      role: 'client',
      providerDetails: null,
    });
  });

  it.each([
    ['firstName', '', MESSAGES.firstNameRequired],
    ['lastName', ' ', MESSAGES.lastNameRequired],
    ['email', '', MESSAGES.emailRequired],
    ['email', 'nope', MESSAGES.emailInvalidFormat],
    ['password', '12345', MESSAGES.profilePasswordMin],
    ['specialty', '', MESSAGES.specialtyRequired],
  ])('PATCH rejects %s=%j with %j', async (field, value, message) => {
    const provider = await createProvider(t.app);
    const fields = {
      firstName: 'Pat',
      lastName: 'Smith',
      email: provider.email,
      specialty: 'Barber',
      [field]: value,
    };
    const res = await update(provider.headers, fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('specialty is not required for a client', async () => {
    const client = await createClient(t.app);
    const res = await update(client.headers, {
      firstName: 'New',
      lastName: 'Name',
      email: client.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.profileUpdated,
      profile: { firstName: 'New', lastName: 'Name' },
    });
  });

  it('refuses to change the email address', async () => {
    const client = await createClient(t.app);
    const other = await createClient(t.app);
    const res = await update(client.headers, { firstName: 'A', lastName: 'B', email: other.email });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: MESSAGES.emailChangeNotAllowed });
  });

  it('updates names, specialty, bio, photo and password; the new password logs in', async () => {
    const provider = await createProvider(t.app, { specialty: 'Barber' });
    const res = await update(
      provider.headers,
      {
        firstName: 'Maria',
        lastName: 'Garcia',
        email: provider.email.toUpperCase(),
        password: 'newpass1',
        specialty: 'Photographer',
        bio: 'Weddings and portraits',
      },
      { name: 'face.png', data: await png(900, 600), type: 'image/png' },
    );
    expect(res.statusCode).toBe(200);
    const profile = res.json().profile;
    expect(profile).toMatchObject({
      firstName: 'Maria',
      lastName: 'Garcia',
      providerDetails: { specialty: 'Photographer', bio: 'Weddings and portraits' },
    });
    const picture = await t.app.inject({ method: 'GET', url: profile.profileImageUrl });
    expect(picture.statusCode).toBe(200);
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(500);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: provider.email, password: provider.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: provider.email, password: 'newpass1' },
    });
    expect(newLogin.statusCode).toBe(200);
    expect(newLogin.json().user.profileImageUrl).toBe(profile.profileImageUrl);

    // A second photo replaces the first, which is no longer served.
    const again = await update(
      provider.headers,
      { firstName: 'Maria', lastName: 'Garcia', email: provider.email, specialty: 'Photographer' },
      { name: 'face2.png', data: await png(100, 100), type: 'image/png' },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().profile.providerDetails.bio).toBe('Weddings and portraits');
    expect((await t.app.inject({ method: 'GET', url: profile.profileImageUrl })).statusCode).toBe(
      404,
    );
  });
});
