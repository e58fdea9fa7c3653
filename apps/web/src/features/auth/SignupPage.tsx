import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { signupSchema, type SignupInput } from '@courtside/shop/validation';
import { EmailField, PasswordField } from '../../components/ui/AccountFields';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { paths, withNext } from '../../config/routes';
import { useSignUpMutation } from '../../entities/session/session-api';
import { AuthCard } from './AuthCard';
import { useSignIn } from './use-sign-in';
import { usePageTitle } from '../../lib/page-title';

export function SignupPage() {
  usePageTitle('Sign up');
  const { register, handleSubmit, formState } = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
  });
  const { run, error, loading, next } = useSignIn();
  const [signUp] = useSignUpMutation();
  const e = formState.errors;
  return (
    <AuthCard
      title="Create Account"
      subtitle="One account for checkout, your orders and your saved address."
      error={error}
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={withNext(paths.login, next)}
            className="font-semibold text-court-dark underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((v) => run(() => signUp(v).unwrap()))}
      >
        <TextField label="Name" autoComplete="name" error={e.name?.message} {...register('name')} />
        <EmailField error={e.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          kind="new"
          error={e.password?.message}
          {...register('password')}
        />
        <Button type="submit" loading={loading} className="mt-2 w-full">
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
