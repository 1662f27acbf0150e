import { useTranslation } from '../../../lib/i18n';
import { ACTION_NOTE_MAX, actionNoteSchema } from '@slotwise/shared/moderation-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextAreaField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PlainButton } from '../../../components/plain-button';
import { SubmitButton } from '../../../components/submit-button';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';

const FORM_ID = 'action-note-form';

/**
 * Every operator action asks for its note (docs/product.md §19.3): kept in the audit log and, for
 * a suspension, mailed to the provider as the reason. `send` runs the action with the note and
 * answers the server's `{message}`, shown as a toast; a refusal stays in the dialog.
 */
export function NoteDialog({
  title,
  confirmLabel,
  about,
  send,
  busy,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  /** What the action is about (the review, the provider). */
  about?: ReactNode;
  send: (note: string) => Promise<{ message: string }>;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { handleSubmit, setError, formState, field } = useZodForm(
    actionNoteSchema,
    { note: '' },
    'onSubmit',
  );

  const onSubmit = handleSubmit(async ({ note }) => {
    try {
      const answer = await send(note);
      toast.success(answer.message);
      onClose();
    } catch (error) {
      showFormFailure(error, t(MODERATION_TEXTS.actionFailed), setError, ['note']);
    }
  });

  const noteField = field('note');
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <PlainButton onClick={onClose}>{t(MODERATION_TEXTS.cancel)}</PlainButton>
          <SubmitButton
            form={FORM_ID}
            look="inline"
            busy={busy}
            busyText={t(MODERATION_TEXTS.working)}
          >
            {confirmLabel}
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
        {about ? <div className="text-sm text-slate-700">{about}</div> : null}
        <TextAreaField
          label={t(MODERATION_TEXTS.noteLabel)}
          rows={4}
          maxLength={ACTION_NOTE_MAX}
          {...noteField}
        />
        <FormError>{formState.errors.root?.server?.message}</FormError>
      </form>
    </Modal>
  );
}
