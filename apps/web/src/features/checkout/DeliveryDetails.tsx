import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PK_CITIES, PHONE_EXAMPLE } from '@courtside/shop';
import type { CheckoutInput } from '@courtside/shop/validation';
import { TextField } from '../../components/ui/TextField';

const CITY_LIST_ID = 'checkout-cities';

/**
 * Checkout's delivery details (docs/shop.md §2): who receives the parcel, the mobile number the
 * shop calls to confirm a cash-on-delivery order and texts its news to, an e-mail if the buyer
 * has one, and the address. The city is offered from Pakistan's cities as the buyer types; a
 * town not listed can still be typed.
 */
export function DeliveryDetails({
  register,
  errors: e,
}: {
  register: UseFormRegister<CheckoutInput>;
  errors: FieldErrors<CheckoutInput>;
}) {
  return (
    <section
      aria-labelledby="delivery-heading"
      className="min-w-0 rounded-card border border-line bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id="delivery-heading" className="text-lg font-bold">
        Delivery details
      </h2>
      <p className="mt-1 text-sm text-muted">Fields marked * are required.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name *"
          autoComplete="given-name"
          aria-required="true"
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
          label="Mobile number *"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={PHONE_EXAMPLE}
          aria-required="true"
          hint="We call this number to confirm your order and text you its news."
          error={e.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Email (optional)"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="For a copy of each message by e-mail."
          error={e.email?.message}
          {...register('email')}
        />
        <TextField
          label="Address *"
          autoComplete="address-line1"
          placeholder="House number and street"
          aria-required="true"
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
          list={CITY_LIST_ID}
          aria-required="true"
          error={e.city?.message}
          {...register('city')}
        />
        <datalist id={CITY_LIST_ID}>
          {PK_CITIES.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
      </div>
    </section>
  );
}
