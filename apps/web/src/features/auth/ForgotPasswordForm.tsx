import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { recoveryRequestSchema, type RecoveryRequestInput } from '@courtside/shop/validation';
import { EmailField } from '../../components/ui/AccountFields';
import { Button } from '../../components/ui/Button';
import { paths } from '../../config/routes';
import { errorText, type CallError } from '../../lib/errors';
import { useRequestRecoveryMutation } from '../../entities/session/session-api';
import { AuthCard } from './AuthCard';

const backToLogin = (
  <>
    Remembered it?{' '}
    <Link to={paths.login} className="font-semibold text-court-dark underline">
      Back to sign in
    </Link>
  </>
);

/** Asks for the account's e-mail and sends the recovery link there. */
export function ForgotPasswordForm() {
  const location = useLocation();
  const typed = (location.state as { email?: unknown } | null)?.email;
  const { register, handleSubmit, formState } = useForm<RecoveryRequestInput>({
    resolver: zodResolver(recoveryRequestSchema),
    defaultValues: { email: typeof typed === 'string' ? typed : '' },
  });
  const [requestRecovery] = useRequestRecoveryMutation();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const url = new URL(paths.resetPassword, window.location.origin).href;
      await requestRecovery({ email, url }).unwrap();
      setSentTo(email);
    } catch (e) {
      // Whether an address has an account is nobody else's business: same answer either way
      // (Courtside answers so itself; an Appwrite 1.4 backend says user_not_found).
      if ((e as CallError).type === 'user_not_found') setSentTo(email);
      else setError(errorText(e));
    }
  });

  if (sentTo) {
    return (
      <AuthCard
        title="Check your e-mail"
        subtitle="The link is on its way."
        error={null}
        footer={backToLogin}
      >
        <p className="text-sm text-ink-soft">
          If an account uses <strong className="text-ink">{sentTo}</strong>, we have sent it a link
          to choose a new password. The link works once, for one hour. Check the spam folder if it
          does not arrive in a few minutes.
        </p>
        <Button
          type="button"
          variant="ghost"
          className="mt-6 w-full"
          onClick={() => setSentTo(null)}
        >
          Use another e-mail
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new password."
      error={error}
      footer={backToLogin}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <EmailField error={formState.errors.email?.message} {...register('email')} />
        <Button type="submit" loading={formState.isSubmitting} className="mt-2 w-full">
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
