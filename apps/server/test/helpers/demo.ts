import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../src/demo/demo-catalogue';

/** Signs in as a demo account through the API: its `{ authorization }` headers. */
export async function demoSignIn(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}
