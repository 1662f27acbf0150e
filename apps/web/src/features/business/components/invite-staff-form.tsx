import { useTranslation } from '../../../lib/i18n';
import {
  BUSINESS_MESSAGES,
  BUSINESS_TEXTS,
  EMAIL_MAX,
  inviteStaffBodySchema,
  type BusinessInvitation,
} from '@slotwise/shared/business-schemas';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { formatInstantDate } from '../../../lib/date-time-format';
import { showFormFailure } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { useInviteStaff } from '../api/invite-staff';

const expiryText = (iso: string): string => formatInstantDate(iso);

/** The owner invites a provider by email (a mailed link); the invitations not yet accepted. */
export function InviteStaffForm({ invitations }: { invitations: BusinessInvitation[] }) {
  const { t } = useTranslation();
  const invite = useInviteStaff();
  const form = useZodForm(inviteStaffBodySchema, { email: '' }, 'onSubmit');
  const { handleSubmit, setError, field, formState, reset } = form;
  const pending = invitations.filter((invitation) => invitation.accepted_at === null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await invite.mutateAsync(values);
      toast.success(message);
      reset({ email: '' });
    } catch (error) {
      showFormFailure(error, t(BUSINESS_MESSAGES.emailInvalid), setError, ['email']);
    }
  });

  const emailField = field('email');
  return (
    <section aria-labelledby="invite-staff-title">
      <h3 id="invite-staff-title" className="text-sm font-semibold text-slate-900">
        {t(BUSINESS_TEXTS.inviteTitle)}
      </h3>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          label={t(BUSINESS_TEXTS.inviteEmailLabel)}
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX}
          className="flex-1"
          {...emailField}
        />
        <div className="sm:pt-6">
          <SubmitButton
            busy={formState.isSubmitting}
            busyText={t(BUSINESS_TEXTS.sendingInvitation)}
            look="inline"
          >
            {t(BUSINESS_TEXTS.sendInvitation)}
          </SubmitButton>
        </div>
      </form>
      <FormError>{formState.errors.root?.server?.message}</FormError>
      {pending.length > 0 ? (
        <div className="mt-3">
          <h4 id="pending-invitations-title" className="text-sm font-medium text-slate-700">
            {t(BUSINESS_TEXTS.pendingInvitations)}
          </h4>
          <ul aria-labelledby="pending-invitations-title" className="mt-1 space-y-1">
            {pending.map((invitation) => (
              <li key={invitation.id} className="text-sm break-all text-slate-700">
                {invitation.email}{' '}
                <span className="text-xs text-slate-600">
                  ({BUSINESS_TEXTS.invitationExpires(expiryText(invitation.expires_at), t)})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
