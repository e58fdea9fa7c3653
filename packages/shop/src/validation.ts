import { z } from 'zod';
import { CATEGORY_SLUGS } from './categories.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.js';
import { EMAIL_MESSAGE, isEmail, normalizePakistaniMobile, PHONE_MESSAGE } from './contact.js';

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
  firstname: required('First name').max(60),
  lastname: z.string().trim().max(60).default(''),
  address: required('Address').max(300),
  etcaddress: z.string().trim().max(300).default(''),
  city: z.string().trim().max(80).default(''),
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required')
    .refine((v) => normalizePakistaniMobile(v) !== null, PHONE_MESSAGE)
    .transform((v) => normalizePakistaniMobile(v) as string),
  email,
  payment: z.enum(['Bank', 'COD']).default('Bank'),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;
export type CheckoutValues = z.output<typeof checkoutSchema>;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const productFormSchema = z
  .object({
    title: required('Title').max(200),
    description: required('Description').max(5000),
    category: z.enum(CATEGORY_SLUGS as [string, ...string[]], { error: 'Choose a category' }),
    size: z
      .number({ error: 'Size must be a number' })
      .min(20, 'Size must be an EUR size')
      .max(55, 'Size must be an EUR size')
      .multipleOf(0.5, 'Size goes in half sizes'),
    condition: z
      .number({ error: 'Condition must be a number' })
      .min(1, 'Condition is out of 10')
      .max(10, 'Condition is out of 10')
      .multipleOf(0.5, 'Condition goes in halves'),
    price: wholeNumber('Price', 1, 10_000_000),
    disc_price: wholeNumber('Discount price', 0, 10_000_000),
    stock: wholeNumber('Stock', 0, 999),
    stoke: z.enum(['true', 'false']),
  })
  .refine((v) => v.disc_price <= v.price, {
    path: ['disc_price'],
    message: 'Discount price cannot be above the price',
  })
  .refine((v) => v.stoke === 'false' || v.stock >= 1, {
    path: ['stock'],
    message: 'In Stock needs at least 1 pair',
  });

/** The product form's message when any field fails (spec section 5, kept as the spec has it). */
export const PRODUCT_FORM_MESSAGE = 'Something Went wrong. Please check again';
export type ProductFormValues = z.infer<typeof productFormSchema>;
