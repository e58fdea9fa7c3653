import { isEmail } from '@courtside/shop';
import { parseDate } from '../tools/dates.js';
import { isKey } from '../tools/ids.js';
import { isLabelList, isPhone } from '../protocol/params.js';

/**
 * What each record of the old project must look like before the import uses it: every field the
 * import reads, of the type 1.4's models give it. A record that differs is refused by name (a
 * label given as a string would otherwise be copied into the user's row, and every request that
 * user made would fail), and nothing is written.
 */
type Check = (value: unknown) => boolean;
type Spec = Record<string, [Check, string]>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const string: Check = (v) => typeof v === 'string';
const boolean: Check = (v) => typeof v === 'boolean';
const id: Check = (v) => typeof v === 'string' && isKey(v);
const time: Check = (v) => typeof v === 'string' && parseDate(v) !== null;
const size: Check = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const text =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max;
/** An object whose JSON is at most `max` characters (1.4 keeps preferences to 64 KB). */
const object =
  (max: number): Check =>
  (v) =>
    isObject(v) && JSON.stringify(v).length <= max;
/** The e-mail and phone as the users API takes them (protocol/params.ts), or none. */
const emailOrNone: Check = (v) => v === '' || (typeof v === 'string' && isEmail(v));
const phoneOrNone: Check = (v) => v === '' || isPhone(v);
const strings: Check = (v) => Array.isArray(v) && v.every((s) => typeof s === 'string');
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || v === null || check(v);
const NAMED: Spec = { $id: [string, 'a string'], name: [string, 'a string'] };

const ATTRIBUTE: Spec = {
  key: [string, 'a string'],
  type: [string, 'a string'],
  required: [optional(boolean), 'true or false'],
  array: [optional(boolean), 'true or false'],
};

const USER: Spec = {
  $id: [id, 'an id of up to 36 letters, digits, ".", "-" and "_"'],
  $createdAt: [time, 'a date'],
  $updatedAt: [time, 'a date'],
  name: [text(128), 'a string of up to 128 characters'],
  password: [optional(text(1024)), 'a string of up to 1024 characters'],
  hash: [optional(text(32)), 'the name of a hash'],
  hashOptions: [optional(object(4096)), 'an object'],
  registration: [optional(time), 'a date'],
  status: [boolean, 'true or false'],
  labels: [isLabelList, 'a list of up to 1000 labels of 1 to 36 letters and digits'],
  passwordUpdate: [optional(string), 'a string'],
  email: [emailOrNone, 'an e-mail address or empty'],
  phone: [phoneOrNone, 'a phone number (+ and up to 15 digits) or empty'],
  emailVerification: [boolean, 'true or false'],
  phoneVerification: [boolean, 'true or false'],
  prefs: [object(65_535), 'an object of up to 64 KB'],
  accessedAt: [optional(string), 'a string'],
};

const DOCUMENT: Spec = {
  $id: [id, 'an id of up to 36 letters, digits, ".", "-" and "_"'],
  $createdAt: [time, 'a date'],
  $updatedAt: [time, 'a date'],
  $permissions: [optional(strings), 'a list of strings'],
};

/** The order's customer becomes its read permission (documents.ts): an id, or none. */
const ORDER: Spec = {
  ...DOCUMENT,
  user_id: [optional((v) => v === '' || id(v)), "a user's id"],
};

const FILE: Spec = {
  $id: [id, 'an id of up to 36 letters, digits, ".", "-" and "_"'],
  name: [text(255), 'a string of up to 255 characters'],
  mimeType: [text(255), 'a string of up to 255 characters'],
  sizeOriginal: [size, 'a whole number of bytes'],
  $permissions: [optional(strings), 'a list of strings'],
};

export type Shape = 'user' | 'document' | 'order' | 'file' | 'named' | 'attribute';
const SPECS: Record<Shape, Spec> = {
  user: USER,
  document: DOCUMENT,
  order: ORDER,
  file: FILE,
  named: NAMED,
  attribute: ATTRIBUTE,
};

/** What is wrong with the record's shape, or null. */
export function shapeProblem(shape: Shape, record: unknown): string | null {
  if (!isObject(record)) return 'is not an object';
  for (const [field, [check, what]] of Object.entries(SPECS[shape])) {
    if (!check(record[field])) {
      const was = record[field] === undefined ? 'missing' : JSON.stringify(record[field]);
      return `its ${field} is not ${what} (${(was ?? String(record[field])).slice(0, 80)})`;
    }
  }
  return null;
}

/** How a record is named in a report: by its id when it has one, else by its place. */
export function recordName(what: string, record: unknown, index: number): string {
  const given = isObject(record) ? (record.$id ?? record.key) : undefined;
  return typeof given === 'string' && given.length <= 64
    ? `${what} ${given}`
    : `${what} number ${index + 1}`;
}

/** The records of a list answer, or why the answer is no such list. */
export function listOf(answer: unknown, field: string): unknown[] | string {
  if (!isObject(answer) || !Array.isArray(answer[field])) {
    return `its answer has no list "${field}"`;
  }
  return answer[field];
}
