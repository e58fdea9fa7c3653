import { useSearchParams } from 'react-router';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { NewPasswordForm } from './NewPasswordForm';
import { usePageTitle } from '../../lib/page-title';

/**
 * /reset-password: without a link's parameters it asks for the e-mail ("Forgot password?");
 * opened from the recovery e-mail (userId and secret in the query) it takes the new password.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset your password');
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const secret = params.get('secret');
  return userId && secret ? (
    <NewPasswordForm userId={userId} secret={secret} />
  ) : (
    <ForgotPasswordForm />
  );
}
