import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CheckoutInput } from '@courtside/shop/validation';
import { TextField } from '../../components/ui/TextField';

/** Checkout's billing details (docs/shop.md §2): name, address, city, phone and e-mail. */
export function BillingDetails({
  register,
  errors: e,
}: {
  register: UseFormRegister<CheckoutInput>;
  errors: FieldErrors<CheckoutInput>;
}) {
  return (
    <section
      aria-labelledby="billing-heading"
      className="min-w-0 rounded-card border border-line bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="billing-heading" className="text-lg font-bold">
        Billing details
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name *"
          autoComplete="given-name"
          error={e.firstname?.message}
          {...register('firstname')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={e.lastname?.message}
          {...register('lastname')}
        />
        <TextField
          label="Address *"
          autoComplete="address-line1"
          placeholder="House number and street"
          className="sm:col-span-2"
          error={e.address?.message}
          {...register('address')}
        />
        <TextField
          label="Apartment, area, landmark (optional)"
          autoComplete="address-line2"
          className="sm:col-span-2"
          error={e.etcaddress?.message}
          {...register('etcaddress')}
        />
        <TextField
          label="City *"
          autoComplete="address-level2"
          error={e.city?.message}
          {...register('city')}
        />
        <TextField
          label="Phone *"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="0300 1234567"
          error={e.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Email *"
          type="email"
          autoComplete="email"
          inputMode="email"
          className="sm:col-span-2"
          error={e.email?.message}
          {...register('email')}
        />
      </div>
    </section>
  );
}
