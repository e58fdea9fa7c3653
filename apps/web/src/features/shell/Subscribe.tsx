import { isEmail, EMAIL_MESSAGE } from '@courtside/shop';
import { useId, useState, type FormEvent } from 'react';
import { useSubscribeMutation } from './subscribe-api';

/** The footer's subscribe box (D11): validated, stored once per address, and a thank-you. */
export function Subscribe() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [subscribe, { isLoading }] = useSubscribeMutation();
  const id = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!isEmail(value)) return setMessage({ ok: false, text: EMAIL_MESSAGE });
    const result = await subscribe(value);
    if ('error' in result) {
      const err = result.error as { message?: string };
      return setMessage({
        ok: false,
        text: err.message ?? 'Could not subscribe, please try again.',
      });
    }
    setEmail('');
    setMessage({
      ok: true,
      text: 'Thank you for subscribing! Check your e-mail for your 10% code.',
    });
  };
  return (
    <form id="subscribe" noValidate onSubmit={onSubmit} className="scroll-mt-32 space-y-2">
      <h2 className="text-sm font-bold text-white">Subscribe</h2>
      <p className="text-sm">Get 10% off your first order.</p>
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Your e-mail
        </label>
        <input
          id={id}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="Enter your email"
          aria-invalid={message?.ok === false || undefined}
          aria-describedby={`${id}-msg`}
          className="h-11 min-w-0 flex-1 rounded-full border border-white/20 bg-white/10 px-4 text-sm text-white placeholder:text-slate-400 focus:border-court focus:outline-none"
        />
        <button
          type="submit"
          disabled={isLoading}
          className="h-11 rounded-full bg-court px-4 text-sm font-semibold text-white hover:bg-court-dark disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      <p
        id={`${id}-msg`}
        role="status"
        className={`min-h-5 text-sm ${message?.ok ? 'text-emerald-300' : 'text-red-300'}`}
      >
        {message?.text}
      </p>
    </form>
  );
}
