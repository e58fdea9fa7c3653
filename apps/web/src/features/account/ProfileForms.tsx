import { PHONE_EXAMPLE } from '@courtside/shop';
import { errorText } from '../../lib/errors';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  changeEmailSchema,
  changeNameSchema,
  changePasswordSchema,
  changePhoneSchema,
  resetPasswordSchema,
  type ChangeEmailInput,
  type ChangeNameInput,
  type ChangePhoneInput,
  type ChangePhoneValues,
} from '@courtside/shop/validation';
import { useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { EmailField, PasswordField } from '../../components/ui/AccountFields';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import {
  useEndOtherSessionsMutation,
  useGetAccountQuery,
  useUpdateEmailMutation,
  useUpdateNameMutation,
  useUpdatePasswordMutation,
  useUpdatePhoneMutation,
} from '../../entities/session/account-api';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/** Runs a change and turns its result into the line under the form. */
async function outcomeOf(
  run: () => Promise<{ error?: unknown }>,
  success: string,
): Promise<Outcome> {
  const result = await run();
  if ('error' in result && result.error) {
    const message = (result.error as { message?: string }).message;
    return { ok: false, text: message || 'Something went wrong. Please try again.' };
  }
  return { ok: true, text: success };
}

/** One "Change ..." panel: a form with its own result line (the server's words on failure). */
function Panel({
  title,
  outcome,
  onSubmit,
  loading,
  children,
}: {
  title: string;
  outcome: Outcome;
  onSubmit: () => void;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
    >
      <h3 className="font-bold">{title}</h3>
      {children}
      <p
        role={outcome && !outcome.ok ? 'alert' : 'status'}
        className={`min-h-5 text-sm ${outcome?.ok ? 'text-success' : 'text-danger'}`}
      >
        {outcome?.text}
      </p>
      <Button type="submit" loading={loading} className="self-start">
        Save
      </Button>
    </form>
  );
}

export function ChangeNameForm({ name }: { name: string }) {
  const [update, { isLoading }] = useUpdateNameMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, handleSubmit, formState } = useForm<ChangeNameInput>({
    resolver: zodResolver(changeNameSchema),
    defaultValues: { name },
  });
  return (
    <Panel
      title="Change name"
      outcome={outcome}
      loading={isLoading}
      onSubmit={handleSubmit(async (v) =>
        setOutcome(await outcomeOf(() => update(v.name), 'Name saved')),
      )}
    >
      <TextField
        label="Name"
        autoComplete="name"
        error={formState.errors.name?.message}
        {...register('name')}
      />
    </Panel>
  );
}

export function ChangePhoneForm({ phone }: { phone: string }) {
  const [update, { isLoading }] = useUpdatePhoneMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, handleSubmit, formState, resetField } = useForm<
    ChangePhoneInput,
    unknown,
    ChangePhoneValues
  >({ resolver: zodResolver(changePhoneSchema), defaultValues: { phone, password: '' } });
  const e = formState.errors;
  return (
    <Panel
      title="Change phone"
      outcome={outcome}
      loading={isLoading}
      onSubmit={handleSubmit(async (v) => {
        setOutcome(await outcomeOf(() => update(v), 'Phone saved'));
        resetField('password');
      })}
    >
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={PHONE_EXAMPLE}
        error={e.phone?.message}
        {...register('phone')}
      />
      <PasswordField kind="current" error={e.password?.message} {...register('password')} />
    </Panel>
  );
}

export function ChangeEmailForm({ email }: { email: string }) {
  const [update, { isLoading }] = useUpdateEmailMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, handleSubmit, formState, resetField } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email, password: '' },
  });
  const e = formState.errors;
  return (
    <Panel
      title="Change e-mail"
      outcome={outcome}
      loading={isLoading}
      onSubmit={handleSubmit(async (v) => {
        setOutcome(
          await outcomeOf(() => update(v), 'E-mail saved. Please verify the new address.'),
        );
        resetField('password');
      })}
    >
      <EmailField label="New e-mail" error={e.email?.message} {...register('email')} />
      <PasswordField kind="current" error={e.password?.message} {...register('password')} />
    </Panel>
  );
}

interface PasswordValues {
  oldPassword?: string;
  password: string;
  passwordAgain: string;
}

/**
 * Change password, with a way to log out the other devices (someone else may know the old
 * one). An account that has no password yet (magic link, phone, sign-in provider) sets its
 * first one: there is no current password to ask for.
 */
export function ChangePasswordForm() {
  const { data: me } = useGetAccountQuery();
  // Until the account is known, assume a password: asking for one is the safe side.
  const hasPassword = me ? me.passwordUpdate !== '' : true;
  return <PasswordForm key={hasPassword ? 'change' : 'set'} hasPassword={hasPassword} />;
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [update, { isLoading }] = useUpdatePasswordMutation();
  const [endOthers, { isLoading: ending }] = useEndOtherSessionsMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [logOutOthers, setLogOutOthers] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<PasswordValues>({
    resolver: zodResolver(
      hasPassword ? changePasswordSchema : resetPasswordSchema,
    ) as unknown as Resolver<PasswordValues>,
  });
  const e = formState.errors;
  return (
    <Panel
      title={hasPassword ? 'Change password' : 'Set a password'}
      outcome={outcome}
      loading={isLoading || ending}
      onSubmit={handleSubmit(async (v) => {
        const changed = await outcomeOf(
          () =>
            update({ password: v.password, oldPassword: hasPassword ? v.oldPassword : undefined }),
          hasPassword ? 'Password changed' : 'Password set',
        );
        if (!changed?.ok) return setOutcome(changed);
        reset({ oldPassword: '', password: '', passwordAgain: '' });
        if (!logOutOthers) return setOutcome(changed);
        const ended = await endOthers();
        setOutcome(
          'error' in ended && ended.error
            ? {
                ok: false,
                text: `${changed.text}, but your other devices could not be logged out: ${errorText(ended.error)}`,
              }
            : { ok: true, text: `${changed.text}. Your other devices are logged out.` },
        );
      })}
    >
      {hasPassword ? (
        <PasswordField kind="current" error={e.oldPassword?.message} {...register('oldPassword')} />
      ) : (
        <p className="text-sm text-muted">
          You sign in with a link or another service. Set a password to sign in with your e-mail as
          well.
        </p>
      )}
      <PasswordField kind="new" error={e.password?.message} {...register('password')} />
      <PasswordField kind="again" error={e.passwordAgain?.message} {...register('passwordAgain')} />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={logOutOthers}
          onChange={(event) => setLogOutOthers(event.target.checked)}
          className="size-4 accent-court"
        />
        Log out of my other devices
      </label>
    </Panel>
  );
}
