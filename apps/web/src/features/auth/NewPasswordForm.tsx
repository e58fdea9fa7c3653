import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { resetPasswordSchema, type ResetPasswordInput } from '@courtside/shop/validation';
import { PasswordField } from '../../components/ui/AccountFields';
import { Button } from '../../components/ui/Button';
import { paths } from '../../config/routes';
import { errorText, type CallError } from '../../lib/errors';
import { useCompleteRecoveryMutation } from '../../entities/session/session-api';
import { AuthCard } from './AuthCard';

const linkClass = 'font-semibold text-court-dark underline';

/** Takes the new password for the recovery link's userId and secret. */
export function NewPasswordForm({ userId, secret }: { userId: string; secret: string }) {
  const { register, handleSubmit, formState } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
  });
  const [completeRecovery] = useCompleteRecoveryMutation();
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState(false);
  const e = formState.errors;

  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await completeRecovery({ userId, secret, password }).unwrap();
      setDone(true);
    } catch (err) {
      const { type } = err as CallError;
      const dead = type === 'user_invalid_token' || type === 'user_not_found';
      setExpired(dead);
      setError(
        dead ? 'This link has expired or was already used. Ask for a new one.' : errorText(err),
      );
    }
  });

  if (done) {
    return (
      <AuthCard
        title="Password changed"
        subtitle="Your new password is ready. Use it the next time you sign in."
        error={null}
        footer={null}
      >
        <Link
          to={paths.login}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-ink px-5 text-sm font-semibold text-white hover:bg-ink-soft"
        >
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Type it twice so we know it is the one you meant."
      error={error}
      footer={
        expired ? (
          <Link to={paths.resetPassword} className={linkClass}>
            Ask for a new link
          </Link>
        ) : (
          <>
            Remembered it?{' '}
            <Link to={paths.login} className={linkClass}>
              Back to sign in
            </Link>
          </>
        )
      }
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <PasswordField kind="new" error={e.password?.message} {...register('password')} />
        <PasswordField
          kind="again"
          error={e.passwordAgain?.message}
          {...register('passwordAgain')}
        />
        <Button type="submit" loading={formState.isSubmitting} className="mt-2 w-full">
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}
