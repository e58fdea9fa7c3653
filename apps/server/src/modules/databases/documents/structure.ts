import { isIP } from 'node:net';
import { isEmail } from '@courtside/shop';
import type { AttributeDef } from '../../../schema/types.js';
import { AppError } from '../../../protocol/errors.js';
import { parseDate, toIso } from '../../../tools/dates.js';
import type { Collection } from '../collections.js';
import type { DocumentData } from '../contract.js';
import { hasNul, NUL_MESSAGE } from '../../../protocol/params.js';

/**
 * Document structure validation (docs/protocol.md §3.1.1): unknown keys, required attributes,
 * types, sizes, formats and ranges. Returns every attribute's value, normalised (dates in the
 * protocol's format), ready to be stored.
 */
const TOLERATED = new Set(['$id', '$permissions', '$createdAt', '$updatedAt']);

export const invalidStructure = (detail: string) =>
  new AppError('document_invalid_structure', `Invalid document structure: ${detail}`);

/**
 * An attribute's range when the schema sets no bound: 1.4's integers are signed 64-bit (its
 * message prints -2^63 and 2^63 exactly), its floats any double.
 */
const OPEN = {
  integer: {
    min: -(2 ** 63),
    max: 2 ** 63,
    text: ['-9,223,372,036,854,775,808', '9,223,372,036,854,775,808'],
  },
  double: { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, text: null },
} as const;

function rangeMessage(a: { type: 'integer' | 'double'; min?: number; max?: number }): string {
  const open = OPEN[a.type];
  const side = (bound: number | undefined, i: 0 | 1) =>
    bound !== undefined
      ? bound.toLocaleString('en-US')
      : (open.text?.[i] ?? (i ? open.max : open.min).toLocaleString('en-US'));
  return `Value must be a valid range between ${side(a.min, 0)} and ${side(a.max, 1)}`;
}

function isUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return /^[a-z][a-z0-9+.-]*:$/.test(u.protocol) && (u.host !== '' || u.protocol === 'mailto:');
  } catch {
    return false;
  }
}

/** Checks one scalar value; returns its normalised form or an error text. */
function checkScalar(
  a: AttributeDef,
  v: unknown,
): { ok: unknown } | { type: string } | { format: string } {
  switch (a.type) {
    case 'string': {
      if (typeof v !== 'string')
        return { type: `Value must be a valid string and no longer than ${a.size ?? 0} chars` };
      // PostgreSQL's text cannot hold U+0000; no attribute of any schema needs it either.
      if (hasNul(v)) return { format: NUL_MESSAGE };
      if ('elements' in a && a.format === 'enum') {
        return a.elements.includes(v)
          ? { ok: v }
          : { format: `Value must be one of (${a.elements.join(', ')})` };
      }
      if (a.size !== undefined && [...v].length > a.size) {
        return { type: `Value must be a valid string and no longer than ${a.size} chars` };
      }
      if (a.format === 'email' && !isEmail(v))
        return { format: 'Value must be a valid email address' };
      if (a.format === 'url' && !isUrl(v)) return { format: 'Value must be a valid URL' };
      if (a.format === 'ip' && isIP(v) === 0) return { format: 'Value must be a valid IP address' };
      return { ok: v };
    }
    case 'integer':
    case 'double': {
      const isInt = a.type === 'integer';
      if (typeof v !== 'number' || !Number.isFinite(v) || (isInt && !Number.isSafeInteger(v))) {
        return { type: isInt ? 'Value must be a valid integer' : 'Value must be a valid float' };
      }
      // As in 1.4, a value out of range breaks the attribute's format (intRange, floatRange).
      const open = OPEN[a.type];
      if (v < (a.min ?? open.min) || v > (a.max ?? open.max)) return { format: rangeMessage(a) };
      return { ok: v };
    }
    case 'boolean':
      return typeof v === 'boolean' ? { ok: v } : { type: 'Value must be a valid boolean' };
    case 'datetime': {
      const d = typeof v === 'string' ? parseDate(v) : null;
      return d
        ? { ok: toIso(d) }
        : { type: 'Value must be valid date between 0000-01-01 and 9999-12-31.' };
    }
  }
}

function checkAttribute(a: AttributeDef, value: unknown): unknown {
  if (value === null || value === undefined) {
    if (a.required) throw invalidStructure(`Missing required attribute "${a.key}"`);
    return null;
  }
  if (a.array) {
    if (!Array.isArray(value)) throw invalidStructure(`Attribute "${a.key}" must be an array`);
    if (a.required && value.length === 0)
      throw invalidStructure(`Missing required attribute "${a.key}"`);
    return value.map((item, i) => {
      const r = checkScalar(a, item);
      if ('ok' in r) return r.ok;
      const kind = 'type' in r ? 'type' : 'format';
      throw invalidStructure(
        `Attribute "${a.key}['${i}']" has invalid ${kind}. ${'type' in r ? r.type : r.format}`,
      );
    });
  }
  const r = checkScalar(a, value);
  if ('ok' in r) return r.ok;
  if ('type' in r) throw invalidStructure(`Attribute "${a.key}" has invalid type. ${r.type}`);
  throw invalidStructure(`Attribute "${a.key}" has invalid format. ${r.format}`);
}

/** Refuses keys the collection does not have (the tolerated system keys are ignored). */
export function checkKeys(collection: Collection, data: DocumentData): void {
  for (const key of Object.keys(data)) {
    if (TOLERATED.has(key)) continue;
    const column = collection.columns.get(key);
    if (!column || !column.attribute) throw invalidStructure(`Unknown attribute: "${key}"`);
  }
}

/** The attributes of a new document: defaults, then `data`, all checked. */
export function validateNew(collection: Collection, data: DocumentData): DocumentData {
  checkKeys(collection, data);
  const out: DocumentData = {};
  for (const a of collection.attributes) {
    const given = Object.prototype.hasOwnProperty.call(data, a.key) ? data[a.key] : undefined;
    out[a.key] = checkAttribute(a, given === undefined ? a.default : given);
  }
  return out;
}

/** The attributes of an updated document: the current values with `patch` laid over them. */
export function validateMerged(
  collection: Collection,
  current: DocumentData,
  patch: DocumentData,
): DocumentData {
  checkKeys(collection, patch);
  const out: DocumentData = {};
  for (const a of collection.attributes) {
    const value = Object.prototype.hasOwnProperty.call(patch, a.key)
      ? patch[a.key]
      : current[a.key];
    out[a.key] = checkAttribute(a, value);
  }
  return out;
}
