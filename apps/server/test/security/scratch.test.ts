import { it } from 'vitest';
import { createTestApp } from '../helpers/app';
it('prints', async () => {
  const t = await createTestApp();
  console.log(t.app.printRoutes({ commonPrefix: false }));
  await t.close();
});
