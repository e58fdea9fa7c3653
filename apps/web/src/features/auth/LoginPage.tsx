import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { loginSchema, type LoginInput } from '@courtside/shop/validation';
import { EmailField, PasswordField } from '../../components/ui/AccountFields';
import { Button } from '../../components/ui/Button';
import { paths, withNext } from '../../config/routes';
import { useSignInMutation } from '../../entities/session/session-api';
import { AuthCard } from './AuthCard';
import { PhoneSignIn } from './PhoneSignIn';
import { useSignIn } from './use-sign-in';
import { usePageTitle } from '../../lib/page-title';

export function LoginPage() {
  usePageTitle('Sign in');
  const { register, handleSubmit, formState, control } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
  });
  const typedEmail = useWatch({ control, name: 'email' });
  const { run, error, loading, next } = useSignIn();
  const [signIn] = useSignInMutation();
  const e = formState.errors;
  return (
    <AuthCard
      title="Sign in"
      subtitle="With your mobile number: we text you a code. No password needed."
      error={error}
      footer={
        <>
          New to Courtside?{' '}
          <Link
            to={withNext(paths.signup, next)}
            className="font-semibold text-court-dark underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <PhoneSignIn signIn={run} loading={loading} />
      {next && (
        // Checkout needs no account: the guest goes back where they were, the cart intact.
        <Link
          to={next}
          className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-full text-sm font-semibold ring-1 ring-line hover:bg-white"
        >
          Continue as guest
        </Link>
      )}
      <div className="my-5 flex items-center gap-3 text-xs font-semibold text-muted uppercase">
        <span className="h-px flex-1 bg-line" />
        or with e-mail
        <span className="h-px flex-1 bg-line" />
      </div>
      <form
        noValidate
        aria-label="Sign in with e-mail"
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((v) => run(() => signIn(v).unwrap()))}
      >
        <EmailField error={e.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          kind="current"
          error={e.password?.message}
          {...register('password')}
        />
        <Link
          to={paths.resetPassword}
          state={{ email: typedEmail }}
          className="-mt-2 self-end text-sm font-semibold text-court-dark underline"
        >
          Forgot password?
        </Link>
        <Button type="submit" variant="secondary" loading={loading} className="mt-2 w-full">
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
