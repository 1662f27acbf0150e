import { useTranslation } from '../../../lib/i18n';
import {
  createReportSchema,
  REPORT_REASON_MAX,
  type ReportKind,
} from '@slotwise/shared/moderation-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextAreaField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PlainButton } from '../../../components/plain-button';
import { SubmitButton } from '../../../components/submit-button';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { useFileReport } from '../api/file-report';

const FORM_ID = 'report-form';

/**
 * 'Report' (docs/product.md §19.3, §19.6): the reason, checked with the shared
 * createReportSchema; the server's thanks as a toast, its refusals ('You have already reported
 * this', 'You cannot report yourself', too many reports) in the form.
 */
export function ReportDialog({
  kind,
  targetId,
  onClose,
}: {
  kind: ReportKind;
  targetId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const file = useFileReport();
  const { handleSubmit, setError, formState, field, register } = useZodForm(
    createReportSchema,
    { kind, targetId, reason: '' },
    'onSubmit',
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await file.mutateAsync(body);
      toast.success(answer.message);
      onClose();
    } catch (error) {
      showFormFailure(error, t(MODERATION_TEXTS.reportFailed), setError, ['reason']);
    }
  });

  const kindProps = register('kind');
  const targetIdProps = register('targetId');
  const reasonField = field('reason');
  return (
    <Modal
      open
      onClose={onClose}
      title={t(MODERATION_TEXTS.reportTitle[kind])}
      description={t(MODERATION_TEXTS.reportIntro)}
      footer={
        <>
          <PlainButton onClick={onClose}>{t(MODERATION_TEXTS.cancel)}</PlainButton>
          <SubmitButton
            form={FORM_ID}
            look="inline"
            busy={file.isPending}
            busyText={t(MODERATION_TEXTS.sending)}
          >
            {t(MODERATION_TEXTS.sendReport)}
          </SubmitButton>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <input type="hidden" {...kindProps} />
        <input type="hidden" {...targetIdProps} />
        <TextAreaField
          label={t(MODERATION_TEXTS.reasonLabel)}
          rows={4}
          maxLength={REPORT_REASON_MAX}
          {...reasonField}
        />
        <FormError>{formState.errors.root?.server?.message}</FormError>
      </form>
    </Modal>
  );
}
