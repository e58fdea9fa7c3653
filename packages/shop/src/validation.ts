import { z } from 'zod';
import { CATEGORY_SLUGS } from './categories.js';
import { PASSWORD_MAX, PASSWORD_MIN, PRODUCT_LIMITS } from './constants.js';
import {
  ADDRESS_MESSAGES,
  normalizePakistaniMobile,
  ORDER_ADDRESS_LIMITS,
  PHONE_MESSAGE,
} from './contact.js';
import { EMAIL_MESSAGE, isEmail } from './email.js';

// No code generated at run time (zod's JIT tries `new Function`): the shop's pages run under a
// Content-Security-Policy without 'unsafe-eval' (docs/architecture.md#security). Set before any
// schema is built, since each object schema decides when it is made.
z.config({ jitless: true });

const required = (label: string) => z.string().trim().min(1, `${label} is required`);

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .refine((v) => isEmail(v), EMAIL_MESSAGE);

const password = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: required('Name').max(128, 'Name must be at most 128 characters'),
  email,
  password,
});
export type SignupInput = z.infer<typeof signupSchema>;

/** "Forgot password?": the address the reset link goes to. */
export const recoveryRequestSchema = z.object({ email });
export type RecoveryRequestInput = z.infer<typeof recoveryRequestSchema>;

/** The reset page: a new password, typed twice. */
export const resetPasswordSchema = z
  .object({
    password,
    passwordAgain: z.string().min(1, 'Please type the new password again'),
  })
  .refine((v) => v.password === v.passwordAgain, {
    path: ['passwordAgain'],
    message: 'The passwords do not match',
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const checkoutSchema = z.object({
  firstname: required('First Name').max(60),
  lastname: z.string().trim().max(60).default(''),
  address: z.string().trim().min(1, ADDRESS_MESSAGES.street).max(ORDER_ADDRESS_LIMITS.street),
  etcaddress: z.string().trim().max(ORDER_ADDRESS_LIMITS.etcaddress).default(''),
  city: z.string().trim().min(1, ADDRESS_MESSAGES.city).max(ORDER_ADDRESS_LIMITS.city),
  phone: z
    .string()
    .trim()
    .min(1, 'Mobile number is required')
    .refine((v) => normalizePakistaniMobile(v) !== null, PHONE_MESSAGE)
    .transform((v) => normalizePakistaniMobile(v) as string),
  /** Optional: a guest may give only a number; the order's messages then go by SMS alone. */
  email: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isEmail(v), EMAIL_MESSAGE),
  payment: z.enum(['Bank', 'COD']).default('Bank'),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutValues = z.output<typeof checkoutSchema>;

export { PRODUCT_LIMITS };

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * The product form (docs/shop.md §5: required fields, no numeric bounds of its own). The only
 * limits are what the stored attributes hold (apps/server/src/shop/appwrite.json) and what makes
 * sense at all, so an imported product (D1) with a US size 9 or a condition of 7.3 stays editable:
 * sizes are any positive number, the condition anything from 0 to 10 ("n/10"), prices whole rupees.
 * A discount price of 0 means no discount; one above the price is refused, as the server refuses it
 * (it would never be charged, D2).
 */
export const productFormSchema = z
  .object({
    title: required('Title').max(200),
    description: required('Description').max(5000),
    category: z.enum(CATEGORY_SLUGS as [string, ...string[]], { error: 'Choose a category' }),
    size: z
      .number({ error: 'Size must be a number' })
      .positive('Size must be more than 0')
      .max(PRODUCT_LIMITS.size, `Size must be at most ${PRODUCT_LIMITS.size}`),
    condition: z
      .number({ error: 'Condition must be a number' })
      .min(0, 'Condition is out of 10')
      .max(10, 'Condition is out of 10'),
    price: wholeNumber('Price', 1, PRODUCT_LIMITS.price),
    disc_price: wholeNumber('Discount price', 0, PRODUCT_LIMITS.price),
    stock: wholeNumber('Stock', 0, PRODUCT_LIMITS.stock),
    stoke: z.enum(['true', 'false']),
    /** Hidden from shoppers until published (product-drafts.ts). */
    draft: z.boolean(),
  })
  .refine((v) => v.disc_price <= v.price, {
    path: ['disc_price'],
    message: 'Discount price cannot be above the price (0 for no discount)',
  })
  .refine((v) => v.stoke === 'false' || v.stock >= 1, {
    path: ['stock'],
    message: 'In Stock needs at least 1 pair',
  });

/** The product form's message when any field fails (docs/shop.md §5, kept as the spec has it). */
export { PRODUCT_FORM_MESSAGE } from './contact.js';
export type ProductFormValues = z.infer<typeof productFormSchema>;

/** My Account (docs/shop.md#accounts): the changes a customer makes to their own account. */
const currentPassword = z.string().min(1, 'Your current password is required');

export const changeNameSchema = z.object({
  name: required('Name').max(128, 'Name must be at most 128 characters'),
});
export type ChangeNameInput = z.infer<typeof changeNameSchema>;

export const changePhoneSchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required')
    .refine((v) => normalizePakistaniMobile(v) !== null, PHONE_MESSAGE)
    .transform((v) => normalizePakistaniMobile(v) as string),
  password: currentPassword,
});
export type ChangePhoneInput = z.input<typeof changePhoneSchema>;
export type ChangePhoneValues = z.output<typeof changePhoneSchema>;

export const changeEmailSchema = z.object({ email, password: currentPassword });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const changePasswordSchema = z
  .object({
    oldPassword: currentPassword,
    password,
    passwordAgain: z.string().min(1, 'Please type the new password again'),
  })
  .refine((v) => v.password === v.passwordAgain, {
    path: ['passwordAgain'],
    message: 'The passwords do not match',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
