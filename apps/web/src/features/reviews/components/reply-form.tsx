import {
  REPLY_EDIT_WINDOW_HOURS,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX_LENGTH,
  reviewReplyBodySchema,
  type PublicReview,
} from '@slotwise/shared/trust-types';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { controlClass } from '../../../components/control-class';
import { FieldError } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { failureMessage } from '../../../lib/failure-message';
import { useEditReply } from '../api/edit-reply';
import { useReplyToReview } from '../api/reply-to-review';

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
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [comment, setComment] = useState(review.reply?.comment ?? '');
  const [error, setError] = useState<string>();
  const post = useReplyToReview();
  const edit = useEditReply();
  const busy = post.isPending || edit.isPending;
  const hasReply = review.reply !== null;

  if (hasReply && !editing) {
    return replyEditable(review.reply) ? (
      <button
        type="button"
        onClick={() => {
          setComment(review.reply?.comment ?? '');
          setEditing(true);
        }}
        aria-describedby={`review-${review.id}-by`}
        className="mt-2 text-sm font-medium text-indigo-700 hover:underline"
      >
        Edit reply
      </button>
    ) : null;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewReplyBodySchema.safeParse({ comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const variables = { reviewId: review.id, comment: parsed.data.comment };
      const { message } = hasReply
        ? await edit.mutateAsync(variables)
        : await post.mutateAsync(variables);
      toast.success(message);
      setEditing(false);
      if (!hasReply) setComment('');
    } catch (failure) {
      setError(failureMessage(failure, REVIEW_MESSAGES.replyFailed));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {REVIEW_MESSAGES.replyLabel}
        <span className="sr-only">
          {' '}
          to {review.client_first_name} {review.client_last_initial}.
        </span>
      </label>
      <textarea
        id={id}
        rows={2}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count ${id}-error`}
        className={controlClass(error)}
      />
      <p id={`${id}-count`} className="text-xs text-slate-500">
        {comment.length.toLocaleString('en-US')} / {REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-US')}{' '}
        characters
      </p>
      <FieldError id={`${id}-error`} error={error} />
      <div className="flex gap-2">
        <SubmitButton busy={busy} look="inline">
          {hasReply ? 'Save reply' : REVIEW_MESSAGES.submitReply}
        </SubmitButton>
        {hasReply ? (
          <button
            type="button"
            onClick={() => setEditing(false)}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
