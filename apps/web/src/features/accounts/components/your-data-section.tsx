import { useTranslation } from '../../../lib/i18n';
import { PERSONAL_DATA_TEXTS } from '@slotwise/shared/personal-data-texts';
import { useState } from 'react';
import { CardSection } from '../../../components/card-section';
import { failureMessage } from '../../../lib/failure-message';
import { useDownloadAccountExport } from '../api/export-account';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Settings' 'Your data' (docs/product.md §19.5, §19.6): 'Download my data' (the export saved as
 * a file) and 'Delete my account' (asks for the password, then signed out).
 */
export function YourDataSection() {
  const { t } = useTranslation();
  const download = useDownloadAccountExport();
  const [deleting, setDeleting] = useState(false);
  return (
    <CardSection titleId="your-data-title" title={t(PERSONAL_DATA_TEXTS.sectionTitle)}>
      <p className="mt-2 text-sm text-slate-700">{t(PERSONAL_DATA_TEXTS.sectionIntro)}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {t(download.isPending ? PERSONAL_DATA_TEXTS.downloading : PERSONAL_DATA_TEXTS.download)}
        </button>
        <button
          type="button"
          onClick={() => setDeleting(true)}
          className="rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          {t(PERSONAL_DATA_TEXTS.delete)}
        </button>
      </div>
      {download.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failureMessage(download.error, PERSONAL_DATA_TEXTS.downloadFailed)}
        </p>
      ) : null}
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </CardSection>
  );
}
