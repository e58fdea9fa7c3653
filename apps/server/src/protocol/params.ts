import { isEmail, PASSWORD_MAX, PASSWORD_MIN } from '@courtside/shop';
import { isKey } from '../tools/ids.js';
import { invalidArgument } from './errors.js';

/**
 * Request parameters, checked the way the protocol checks them (docs/protocol.md §1.13): a missing
 * required parameter and a present but invalid one each get a 400 general_argument_invalid whose
 * message names the parameter and says what is wrong.
 */
export class Invalid extends Error {}

export interface Validator<T> {
  readonly optional: boolean;
  parse(value: unknown): T;
}

type Output<V> = V extends Validator<infer T> ? T : never;

const validator = <T>(parse: (value: unknown) => T): Validator<T> => ({ optional: false, parse });

/** Makes a validator optional: absent or null yields `fallback` (undefined by default). */
export function optional<T>(v: Validator<T>): Validator<T | undefined>;
export function optional<T, F>(v: Validator<T>, fallback: F): Validator<T | F>;
export function optional<T, F>(v: Validator<T>, fallback?: F): Validator<T | F | undefined> {
  return {
    optional: true,
    parse: (value) => (value === undefined || value === null ? fallback : v.parse(value)),
  };
}

export const missingMessage = (name: string) => `Missing required parameter: "${name}"`;

export function readParams<S extends Record<string, Validator<unknown>>>(
  source: unknown,
  spec: S,
): { [K in keyof S]: Output<S[K]> } {
  const input = source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(spec)) {
    const value = input[name];
    // An empty string is present, and each validator says why it is not good enough.
    if (!v.optional && (value === undefined || value === null)) {
      throw invalidArgument(missingMessage(name));
    }
    try {
      out[name] = v.parse(value);
    } catch (e) {
      if (e instanceof Invalid) throw invalidArgument(`Invalid \`${name}\` param: ${e.message}`);
      throw e;
    }
  }
  return out as { [K in keyof S]: Output<S[K]> };
}

/** NUL is no character a person types; PostgreSQL cannot even store it in text. */
export const hasNul = (value: string) => value.includes('\u0000');
export const NUL_MESSAGE = 'Value must not contain the NUL character (U+0000)';

export const text = (max: number, min = 1) =>
  validator((value) => {
    if (typeof value !== 'string' || [...value].length < min || [...value].length > max) {
      throw new Invalid(
        `Value must be a valid string and at least ${min} chars and no longer than ${max} chars`,
      );
    }
    if (hasNul(value)) throw new Invalid(NUL_MESSAGE);
    return value;
  });

export const email = () =>
  validator((value) => {
    if (typeof value !== 'string' || !isEmail(value)) {
      throw new Invalid('Value must be a valid email address');
    }
    return value;
  });

export const password = () =>
  validator((value) => {
    if (typeof value !== 'string' || value.length < PASSWORD_MIN) {
      throw new Invalid(`Password must be at least ${PASSWORD_MIN} characters`);
    }
    if (value.length > PASSWORD_MAX) {
      throw new Invalid(`Password must be at most ${PASSWORD_MAX} characters`);
    }
    return value;
  });

/** A phone number in E.164: + and up to fifteen digits. */
export const isPhone = (v: unknown): v is string =>
  typeof v === 'string' && /^\+[1-9]\d{6,14}$/.test(v);

export const phone = () =>
  validator((value) => {
    if (!isPhone(value)) {
      throw new Invalid("Phone number must start with a '+' can have a maximum of fifteen digits.");
    }
    return value;
  });

const MAX_LABELS = 1000;

/** 1.4's labels: at most 1000, each 1 to 36 letters and digits. */
export const isLabelList = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.length <= MAX_LABELS &&
  v.every((l) => typeof l === 'string' && /^[A-Za-z0-9]{1,36}$/.test(l));

/** The users API's labels; repeats kept once. */
export const labels = () =>
  validator((value) => {
    if (!isLabelList(value)) {
      throw new Invalid(
        `Value must a valid array no longer than ${MAX_LABELS} items and Value must be a valid string and at least 1 chars and no longer than 36 chars, containing only alphanumeric chars`,
      );
    }
    return [...new Set(value)];
  });

const CUSTOM_ID_MESSAGE =
  "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char";
const UID_MESSAGE =
  "UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore";

/** `unique()` or a key; the caller replaces `unique()` with a fresh id. */
export const customId = () =>
  validator((value) => {
    if (typeof value !== 'string' || (value !== 'unique()' && !isKey(value))) {
      throw new Invalid(CUSTOM_ID_MESSAGE);
    }
    return value;
  });

export const uid = () =>
  validator((value) => {
    if (typeof value !== 'string' || !isKey(value)) throw new Invalid(UID_MESSAGE);
    return value;
  });

export const integer = (min: number, max: number) =>
  validator((value) => {
    const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      throw new Invalid(`Value must be a valid range between ${min} and ${max}`);
    }
    return n;
  });

export const float = (min: number, max: number) =>
  validator((value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) {
      throw new Invalid(`Value must be a valid range between ${min} and ${max}`);
    }
    return n;
  });

export const boolean = () =>
  validator((value) => {
    if (value === true || value === 'true' || value === '1' || value === 1) return true;
    if (value === false || value === 'false' || value === '0' || value === 0) return false;
    throw new Invalid('Value must be a valid boolean');
  });

export const oneOf = <T extends string>(values: readonly T[]) =>
  validator((value) => {
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      throw new Invalid(`Value must be one of (${values.join(', ')})`);
    }
    return value as T;
  });

/** A list of strings; a scalar counts as a one-element list (the SDK sends some that way). */
export const stringList = (maxItems: number, maxLength: number) =>
  validator((value) => {
    const list = typeof value === 'string' ? [value] : value;
    if (
      !Array.isArray(list) ||
      list.length > maxItems ||
      list.some((v) => typeof v !== 'string' || v.length < 1 || v.length > maxLength)
    ) {
      throw new Invalid(
        `Value must a valid array and Value must be a valid string and at least 1 chars and no longer than ${maxLength} chars`,
      );
    }
    if ((list as string[]).some(hasNul)) throw new Invalid(NUL_MESSAGE);
    return list as string[];
  });

/** A list's `queries`: at most 100, each at most 4096 characters; none by default. */
export const queriesParam = optional(stringList(100, 4096), [] as string[]);

/** A list's `queries` and `search`, as every list that takes a search reads them. */
export const readListParams = (source: unknown) =>
  readParams(source, { queries: queriesParam, search: optional(text(256, 0), '') });

/** A JSON object (not a list), at most `maxBytes` once encoded: the prefs rule. */
export const assoc = (maxBytes = 65_535) =>
  validator((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw new Invalid('Value must be a valid object.');
    }
    if (Buffer.byteLength(JSON.stringify(value)) > maxBytes) {
      throw new Invalid(`Value must be a valid object no larger than ${maxBytes} bytes.`);
    }
    return value as Record<string, unknown>;
  });

/** A JSON object, or a string that holds one: the document `data` rule. */
export const jsonObject = () =>
  validator((value) => {
    let v = value;
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v);
      } catch {
        throw new Invalid('Value must be a valid JSON string');
      }
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      throw new Invalid('Value must be a valid JSON object');
    }
    return v as Record<string, unknown>;
  });

/** An absolute http(s) URL whose host is one the server allows (redirect targets). */
export const hostUrl = (allowedHostnames: readonly string[]) =>
  validator((value) => {
    let host = '';
    try {
      const u = new URL(String(value));
      if (u.protocol === 'http:' || u.protocol === 'https:') host = u.hostname;
    } catch {
      /* not a URL */
    }
    if (typeof value !== 'string' || !host || !allowedHostnames.includes(host)) {
      throw new Invalid(`URL host must be one of: ${allowedHostnames.join(', ')}`);
    }
    return value;
  });
