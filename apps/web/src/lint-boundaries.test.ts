import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repository root, where eslint.config.js lives. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'web-boundaries/feature-boundaries';

let eslint: ESLint;

/** The boundary-rule messages for `code` as if it were the (not existing) file `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  // Loading the config and the TypeScript parser is the slow part: do it once, untimed by tests.
  await eslint.lintText('export {};\n', {
    filePath: path.join(repoRoot, 'apps/web/src/warm-up.ts'),
  });
}, 120_000);

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
      const errors = await boundaryErrors(
        'apps/web/src/features/stats/boundary-probe.ts',
        [
          "import { useProviderAppointments } from '../appointments/api/get-provider-appointments';",
          "import { StatCard } from './components/stat-card';",
          "import { Modal } from '../../components/modal';",
          "import { queryKeys } from '../../lib/query-keys';",
          'export { useProviderAppointments, StatCard, Modal, queryKeys };',
          '',
        ].join('\n'),
      );
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
