import { formatPakistaniMobile, NOT_GIVEN, savedAddressOf } from '@courtside/shop';
import type { Models } from 'appwrite';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/routes';
import { PageHeading, RequireUser } from './AccountLayout';
import { errorText } from '../../lib/errors';
import {
  useGetAccountQuery,
  useSendVerificationMutation,
} from '../../entities/session/account-api';
import {
  ChangeEmailForm,
  ChangeNameForm,
  ChangePasswordForm,
  ChangePhoneForm,
} from './ProfileForms';
import { SessionsPanel } from './SessionsPanel';
import { usePageTitle } from '../../lib/page-title';

/** "March 2026": when the account was made (its id is the shop's business, not the customer's). */
const memberSince = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

export function MyAccountPage() {
  usePageTitle('My Account');
  return (
    <RequireUser>
      <MyAccount />
    </RequireUser>
  );
}

function MyAccount() {
  const { data: user, error, isLoading, refetch } = useGetAccountQuery();
  if (isLoading) return <Spinner label="Loading your account" />;
  if (error || !user) {
    return <LoadError error={error} onRetry={() => void refetch()} className="mt-6" />;
  }
  const address = savedAddressOf(user.prefs);
  return (
    <section>
      <PageHeading>Welcome {user.name || 'back'}</PageHeading>
      {!user.emailVerification && user.email && <VerifyBanner email={user.email} />}
      <div className="mt-6 grid gap-4 xl:grid-cols-2">
        <Card title="My Profile">
          <Field label="Name" value={user.name || NOT_GIVEN} />
          <Field
            label="Email"
            value={
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span className="min-w-0">
                  {user.email ? <Email value={user.email} /> : NOT_GIVEN}
                </span>
                {user.emailVerification && (
                  <span className="text-xs font-semibold text-success">Verified</span>
                )}
              </span>
            }
          />
          <Field label="Customer since" value={memberSince(user.registration)} />
          <Field label="Phone" value={user.phone ? formatPakistaniMobile(user.phone) : NOT_GIVEN} />
        </Card>
        <Card title="My Address">
          <Field
            label="Address 1"
            value={address ? [address.address, address.city].filter(Boolean).join(', ') : NOT_GIVEN}
          />
          <Field label="Address 2" value={address?.etcaddress || NOT_GIVEN} />
          {address && (
            <>
              <Field label="Deliver to" value={`${address.firstname} ${address.lastname}`.trim()} />
              <Field label="Phone" value={formatPakistaniMobile(address.phone)} />
            </>
          )}
          <p className="mt-3 text-xs text-muted">
            Saved from your last checkout and filled in for the next one.
          </p>
        </Card>
      </div>
      <EditProfile user={user} />
      <SessionsPanel />
    </section>
  );
}

function EditProfile({ user }: { user: Models.User<Models.Preferences> }) {
  return (
    <details className="group mt-6 rounded-card border border-line bg-card shadow-sm">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between px-5 font-bold">
        Edit profile
        <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="grid items-start gap-4 p-5 pt-0 lg:grid-cols-2">
        <ChangeNameForm name={user.name} />
        <ChangePhoneForm phone={user.phone} />
        <ChangeEmailForm email={user.email} />
        <ChangePasswordForm />
      </div>
    </details>
  );
}

function VerifyBanner({ email }: { email: string }) {
  const [send, { isLoading, isSuccess, error }] = useSendVerificationMutation();
  return (
    <div
      role="region"
      aria-label="E-mail verification"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-card border border-court/40 bg-court-soft p-4 text-sm"
    >
      <p className="min-w-0">
        {isSuccess ? (
          <>
            We sent a link to <strong>{email}</strong>. Open it to verify your e-mail.
          </>
        ) : (
          <>
            Please verify your e-mail <strong className="break-all">{email}</strong>, so order
            updates reach you.
          </>
        )}
        {error && (
          <span role="alert" className="mt-1 block text-danger">
            {errorText(error)}
          </span>
        )}
      </p>
      <button
        type="button"
        disabled={isLoading}
        onClick={() => void send(`${window.location.origin}${paths.verifyEmail}`)}
        className="min-h-11 rounded-full bg-ink px-4 font-semibold text-white hover:bg-ink-soft disabled:bg-muted"
      >
        {isSuccess ? 'Send again' : 'Send verification link'}
      </button>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-card p-5 shadow-sm">
      <h2 className="text-lg font-bold">{title}</h2>
      <dl className="mt-3 divide-y divide-line text-sm">{children}</dl>
    </section>
  );
}

/** An address that breaks before the "@" when it must, never in the middle of a word. */
function Email({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.25rem_minmax(0,1fr)] gap-3 py-2">
      <dt className="text-muted">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
