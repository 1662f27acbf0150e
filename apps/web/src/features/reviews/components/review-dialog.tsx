import {
  createReviewBodySchema,
  fillIn,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX_LENGTH,
} from '@slotwise/shared/reviews-schemas';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { failureMessage } from '../../../lib/failure-message';
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
  const formId = useId();
  const commentId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; form?: string }>({});
  const create = useCreateReview();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createReviewBodySchema.safeParse({ appointmentId, rating, comment });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'rating' || field === 'comment') next[field] ??= issue.message;
        else next.form ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const { message } = await create.mutateAsync(parsed.data);
      toast.success(message);
      onClose();
    } catch (error) {
      setErrors({ form: failureMessage(error, REVIEW_MESSAGES.submitReviewFailed) });
    }
  };

  const tooLong = comment.trim().length > REVIEW_TEXT_MAX_LENGTH;
  return (
    <Modal
      open
      onClose={create.isPending ? () => {} : onClose}
      title={fillIn(REVIEW_MESSAGES.howWasAppointment, { name: providerName })}
      footer={
        <>
          <button
            type="button"
            onClick={onClose}
            disabled={create.isPending}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            Cancel
          </button>
          <SubmitButton busy={create.isPending} form={formId} look="inline">
            {REVIEW_MESSAGES.submitReview}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <StarInput
          value={rating}
          onChange={(value) => {
            setRating(value);
            setErrors((current) => ({ ...current, rating: undefined }));
          }}
          error={errors.rating}
          disabled={create.isPending}
        />
        <div>
          <CountedTextarea
            id={commentId}
            label={REVIEW_MESSAGES.commentLabel}
            rows={4}
            value={comment}
            onChange={setComment}
            error={errors.comment}
            invalid={Boolean(errors.comment) || tooLong}
            countClassName={`mt-1 text-xs ${tooLong ? 'text-red-600' : 'text-slate-500'}`}
          />
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
