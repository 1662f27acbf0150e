import { beforeAll, describe, expect, it } from 'vitest';
import { eslintProbe } from '../../../scripts/eslint-probe';

const probe = eslintProbe('web-boundaries/feature-boundaries');
/** The boundary-rule messages for `code` as if it were the (not existing) file `file`. */
const boundaryErrors = probe.errors;

beforeAll(() => probe.warmUp('apps/web/src/warm-up.ts'), 120_000);

describe(
  'web import layers (eslint.config.js, apps/web/src/README.md)',
  { timeout: 30_000 },
  () => {
    it("refuses a feature importing another feature's component", async () => {
      const errors = await boundaryErrors(
        'apps/web/src/features/stats/boundary-probe.ts',
        "import { AppointmentCard } from '../appointments/components/appointment-card';\nexport { AppointmentCard };\n",
      );
      expect(errors).toEqual([
        "A feature may import another feature's api/ only (features/appointments/api/…). (../appointments/components/appointment-card)",
      ]);
    });

    it("refuses a feature importing another feature's screen, also from a nested folder", async () => {
      const errors = await boundaryErrors(
        'apps/web/src/features/discovery/components/boundary-probe.ts',
        "export { LoginPage } from '../../accounts/login-page';\n",
      );
      expect(errors).toHaveLength(1);
    });

    it("allows a feature to import another feature's api/, its own files, components and lib", async () => {
      const errors = await boundaryErrors('apps/web/src/features/stats/boundary-probe.ts', [
        "import { useProviderAppointments } from '../appointments/api/get-provider-appointments';",
        "import { StatCard } from './components/stat-card';",
        "import { Modal } from '../../components/modal';",
        "import { queryKeys } from '../../lib/query-keys';",
        'export { useProviderAppointments, StatCard, Modal, queryKeys };',
      ]);
      expect(errors).toEqual([]);
    });

    it('refuses app/ imports below app/, and features in components/', async () => {
      const fromFeature = await boundaryErrors(
        'apps/web/src/features/stats/boundary-probe.ts',
        "export { routes } from '../../app/router';\n",
      );
      const fromComponents = await boundaryErrors(
        'apps/web/src/components/boundary-probe.ts',
        "export { useLogin } from '../features/accounts/api/login';\n",
      );
      const fromLib = await boundaryErrors(
        'apps/web/src/lib/boundary-probe.ts',
        "export { Modal } from '../components/modal';\n",
      );
      expect([fromFeature.length, fromComponents.length, fromLib.length]).toEqual([1, 1, 1]);
    });

    it('lets app/ compose any feature', async () => {
      const errors = await boundaryErrors(
        'apps/web/src/app/boundary-probe.ts',
        "export { AppointmentCard } from '../features/appointments/components/appointment-card';\n",
      );
      expect(errors).toEqual([]);
    });
  },
);
