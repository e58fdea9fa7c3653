import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField';

type FieldProps = Omit<TextFieldProps, 'label' | 'type'> & { label?: string };

/** An e-mail address, as every form of the shop asks it (the right keyboard and autofill). */
export const EmailField = forwardRef<HTMLInputElement, FieldProps>(function EmailField(
  { label = 'Email', ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      {...rest}
    />
  );
});

const PASSWORDS: Record<'current' | 'new' | 'again', Omit<TextFieldProps, 'type'>> = {
  current: { label: 'Current password', autoComplete: 'current-password' },
  new: { label: 'New password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
  again: { label: 'New password again', autoComplete: 'new-password' },
};

/**
 * A password: the one the account has (`current`), a new one, or the new one typed again; each
 * with the browser's matching autofill, and the new one with its rule.
 */
export const PasswordField = forwardRef<
  HTMLInputElement,
  FieldProps & { kind: keyof typeof PASSWORDS }
>(function PasswordField({ kind, ...rest }, ref) {
  return <TextField ref={ref} {...PASSWORDS[kind]} type="password" {...rest} />;
});
