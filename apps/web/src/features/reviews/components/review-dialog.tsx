import { useTranslation } from '../../../lib/i18n';
import {
  createReviewBodySchema,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX_LENGTH,
} from '@slotwise/shared/reviews-schemas';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateReview } from '../api/create-review';
import { CountedTextarea } from './counted-textarea';
import { StarInput } from './star-input';

interface ReviewDialogProps {
  appointmentId: string;
  /** The provider's name, in the title: 'How was your appointment with Ana Smith?'. */
  providerName: string;
  onClose: () => void;
}

/**
 * The review form in a dialog: the star radio group and an optional comment (plain text, at most
 * 2,000 characters, with a counter), checked by the shared schema before it is sent.
 */
export function ReviewDialog({ appointmentId, providerName, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const commentId = useId();
  const create = useCreateReview();
  const { control, handleSubmit, setError, formState } = useZodForm(
    createReviewBodySchema,
    { appointmentId, rating: undefined, comment: '' },
    'onSubmit',
  );
  const { errors } = formState;
  const comment = useWatch({ control, name: 'comment' }) ?? '';

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await create.mutateAsync(body);
      toast.success(message);
      onClose();
    } catch (error) {
      showFormFailure(error, t(REVIEW_MESSAGES.submitReviewFailed), setError);
    }
  });
  // The appointment is not a field: a problem with it is the form's, like a failure to send.
  const formError = errors.appointmentId?.message ?? errors.root?.server?.message;

  const tooLong = comment.trim().length > REVIEW_TEXT_MAX_LENGTH;
  return (
    <Modal
      open
      onClose={create.isPending ? () => {} : onClose}
      title={t(REVIEW_MESSAGES.howWasAppointment, { name: providerName })}
      footer={
        <>
          <button
            type="button"
            onClick={onClose}
            disabled={create.isPending}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            {t('Cancel')}
          </button>
          <SubmitButton busy={create.isPending} form={formId} look="inline">
            {t(REVIEW_MESSAGES.submitReview)}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarInput
              value={field.value ?? null}
              onChange={field.onChange}
              error={errors.rating?.message}
              disabled={create.isPending}
            />
          )}
        />
        <div>
          <CountedTextarea
            control={control}
            name="comment"
            id={commentId}
            label={t(REVIEW_MESSAGES.commentLabel)}
            rows={4}
            error={errors.comment?.message}
            invalid={Boolean(errors.comment) || tooLong}
            countClassName={`mt-1 text-xs ${tooLong ? 'text-red-600' : 'text-slate-600'}`}
          />
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(formError)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
