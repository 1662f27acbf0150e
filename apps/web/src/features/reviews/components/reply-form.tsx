import { useTranslation } from '../../../lib/i18n';
import {
  REPLY_EDIT_WINDOW_HOURS,
  REVIEW_MESSAGES,
  reviewReplyBodySchema,
  type PublicReview,
} from '@slotwise/shared/reviews-schemas';
import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { PlainButton } from '../../../components/plain-button';
import { SubmitButton } from '../../../components/submit-button';
import { failureMessage } from '../../../lib/failure-message';
import { useZodForm } from '../../../lib/use-zod-form';
import { useEditReply } from '../api/edit-reply';
import { useReplyToReview } from '../api/reply-to-review';
import { CountedTextarea } from './counted-textarea';

const HOUR = 3_600_000;

/** A reply can be edited for 24 hours after it was first posted (the server decides for real). */
function replyEditable(reply: PublicReview['reply'], now: number = Date.now()): boolean {
  return reply !== null && now - Date.parse(reply.created_at) < REPLY_EDIT_WINDOW_HOURS * HOUR;
}

/**
 * The provider's answer to one review: a form while there is no reply; 'Edit reply' opening the
 * same form for 24 hours after it was posted; nothing afterwards.
 */
export function ReplyForm({ review }: { review: PublicReview }) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useZodForm(
    reviewReplyBodySchema,
    { comment: review.reply?.comment ?? '' },
    'onSubmit',
  );
  const error = formState.errors.comment?.message;
  const post = useReplyToReview();
  const edit = useEditReply();
  const busy = post.isPending || edit.isPending;
  const hasReply = review.reply !== null;

  if (hasReply && !editing) {
    return replyEditable(review.reply) ? (
      <button
        type="button"
        onClick={() => {
          reset({ comment: review.reply?.comment ?? '' });
          setEditing(true);
        }}
        aria-describedby={`review-${review.id}-by`}
        className="mt-2 text-sm font-medium text-indigo-700 hover:underline"
      >
        {t('Edit reply')}
      </button>
    ) : null;
  }

  const onSubmit = handleSubmit(async ({ comment }) => {
    try {
      const variables = { reviewId: review.id, comment };
      const { message } = hasReply
        ? await edit.mutateAsync(variables)
        : await post.mutateAsync(variables);
      toast.success(message);
      setEditing(false);
      if (!hasReply) reset({ comment: '' });
    } catch (failure) {
      setError('comment', {
        type: 'server',
        message: failureMessage(failure, t(REVIEW_MESSAGES.replyFailed)),
      });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-2">
      <CountedTextarea
        control={control}
        name="comment"
        id={id}
        label={
          <>
            {t(REVIEW_MESSAGES.replyLabel)}
            <span className="sr-only">
              {' '}
              {t('to {{firstName}} {{lastInitial}}.', {
                firstName: review.client_first_name,
                lastInitial: review.client_last_initial,
              })}
            </span>
          </>
        }
        rows={2}
        error={error}
        invalid={Boolean(error)}
        countClassName="text-xs text-slate-600"
      />
      <div className="flex gap-2">
        <SubmitButton busy={busy} look="inline">
          {hasReply ? t('Save reply') : t(REVIEW_MESSAGES.submitReply)}
        </SubmitButton>
        {hasReply ? (
          <PlainButton onClick={() => setEditing(false)}>{t('Cancel')}</PlainButton>
        ) : null}
      </div>
    </form>
  );
}
