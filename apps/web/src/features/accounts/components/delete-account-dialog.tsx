import { useTranslation } from '../../../lib/i18n';
import { deleteAccountSchema } from '@slotwise/shared/personal-data-schemas';
import { PERSONAL_DATA_TEXTS } from '@slotwise/shared/personal-data-texts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { FormError } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PasswordField } from '../../../components/password-field';
import { PlainButton } from '../../../components/plain-button';
import { showFormFailure } from '../../../lib/form-failure';
import { clearSession } from '../../../lib/session';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDeleteAccount } from '../api/delete-account';

const FORM_ID = 'delete-account-form';

/**
 * 'Delete my account' (docs/product.md §19.5): asks for the password (checked with the shared
 * deleteAccountSchema); on success the user lands on / with the server's message and the session
 * and cached data are forgotten — once the guarded area is gone, as LogoutButton does, so its
 * guard does not send them to /login first.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const { handleSubmit, setError, formState, field } = useZodForm(
    deleteAccountSchema,
    { password: '' },
    'onSubmit',
  );

  // Once deleted, the session goes when this dialog (and the area around it) is unmounted.
  useEffect(() => {
    if (!leaving) return;
    return () => {
      clearSession();
      queryClient.clear();
    };
  }, [leaving, queryClient]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await remove.mutateAsync(body);
      setLeaving(true);
      toast.success(answer.message);
      await navigate('/', { replace: true });
    } catch (error) {
      showFormFailure(error, PERSONAL_DATA_TEXTS.deleteFailed, setError, ['password']);
    }
  });

  const busy = remove.isPending || remove.isSuccess;
  return (
    <Modal
      open
      onClose={busy ? () => {} : onClose}
      title={t(PERSONAL_DATA_TEXTS.deleteTitle)}
      description={t(PERSONAL_DATA_TEXTS.deleteQuestion)}
      closeOnBackdrop={!busy}
      footer={
        <>
          <PlainButton look="cancel" onClick={onClose} disabled={busy}>
            {t(PERSONAL_DATA_TEXTS.keep)}
          </PlainButton>
          <button
            type="submit"
            form={FORM_ID}
            disabled={busy}
            className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t(busy ? PERSONAL_DATA_TEXTS.deleting : PERSONAL_DATA_TEXTS.delete)}
          </button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <PasswordField
          label={t(PERSONAL_DATA_TEXTS.passwordLabel)}
          autoComplete="current-password"
          revealable
          {...field('password')}
        />
        <FormError>{formState.errors.root?.server?.message}</FormError>
      </form>
    </Modal>
  );
}
