import {
  formatPakistaniMobile,
  normalizePakistaniMobile,
  PHONE_MESSAGE,
  PHONE_EXAMPLE,
} from '@courtside/shop';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import {
  usePhoneSignInMutation,
  useSendPhoneCodeMutation,
} from '../../entities/session/session-api';
import { errorText } from '../../lib/errors';

const CODE_MESSAGE = 'Enter the 6-digit code from the text message';

/**
 * Sign in with a mobile number (in Pakistan a phone number is who you are): a six-digit code by
 * SMS, then the code. A number used for the first time makes a new account. `signIn` is the login
 * page's step runner, which fetches the user and goes on (to `?next=` or home).
 */
export function PhoneSignIn({
  signIn,
  loading,
}: {
  signIn: (step: () => Promise<void>) => Promise<void>;
  loading: boolean;
}) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<{ phone: string; userId: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [sendCode, sending] = useSendPhoneCodeMutation();
  const [verify] = usePhoneSignInMutation();

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const number = normalizePakistaniMobile(phone);
    if (!number) return setError(PHONE_MESSAGE);
    setError(undefined);
    try {
      const userId = await sendCode(number).unwrap();
      setSentTo({ phone: number, userId });
      setCode('');
    } catch (err) {
      setError(errorText(err));
    }
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setError(CODE_MESSAGE);
    setError(undefined);
    const { userId } = sentTo!;
    void signIn(() => verify({ userId, code: digits }).unwrap());
  };

  if (!sentTo) {
    return (
      <form noValidate onSubmit={send} className="flex flex-col gap-3" aria-label="Sign in by SMS">
        <TextField
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={PHONE_EXAMPLE}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={error}
        />
        <Button type="submit" loading={sending.isLoading} className="w-full">
          Text me a code
        </Button>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={check} className="flex flex-col gap-3" aria-label="Sign in by SMS">
      <p className="text-sm text-ink-soft">
        We texted a 6-digit code to{' '}
        <span className="font-semibold whitespace-nowrap">
          {formatPakistaniMobile(sentTo.phone)}
        </span>
        . It works for 15 minutes.
      </p>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <Button type="submit" loading={loading} className="w-full">
        Sign in with this code
      </Button>
      <button
        type="button"
        className="self-start text-sm font-semibold text-court-dark underline"
        onClick={() => {
          setSentTo(null);
          setError(undefined);
        }}
      >
        Use another number
      </button>
    </form>
  );
}
