import type { AttributeDef } from '../../../schema/types.js';
import { columnName, type Collection } from '../collections.js';
import type { DocumentData, StoredDocument } from '../contract.js';

/**
 * Between a document's values and its table row: arrays are JSON text, booleans 0/1, dates the
 * protocol's ISO text. Internal columns (`_seq`, the permission rows) never reach a model.
 */
export type Row = Record<string, unknown>;

export function encodeValue(a: AttributeDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (a.array) return JSON.stringify(value);
  if (a.type === 'boolean') return value ? 1 : 0;
  return value;
}

function decodeValue(a: AttributeDef, raw: unknown): unknown {
  if (a.array) {
    if (raw === null || raw === undefined) return [];
    try {
      return JSON.parse(String(raw)) as unknown[];
    } catch {
      return [];
    }
  }
  if (raw === null || raw === undefined) return null;
  if (a.type === 'boolean') return raw === 1 || raw === true || raw === '1';
  if (a.type === 'integer' || a.type === 'double') return Number(raw);
  return raw;
}

/**
 * Each attribute with its column's name, made once per attribute list (a collection's list is
 * replaced when its attributes change): every row read or written looks its columns up.
 */
const columnsOf = new WeakMap<readonly AttributeDef[], readonly [AttributeDef, string][]>();
function attributeColumns(c: Collection): readonly [AttributeDef, string][] {
  let pairs = columnsOf.get(c.attributes);
  if (!pairs) {
    pairs = c.attributes.map((a) => [a, columnName(a.key)] as [AttributeDef, string]);
    columnsOf.set(c.attributes, pairs);
  }
  return pairs;
}

export function encodeAttributes(c: Collection, data: DocumentData): Row {
  const row: Row = {};
  for (const [a, column] of attributeColumns(c)) row[column] = encodeValue(a, data[a.key]);
  return row;
}

export function toDocument(c: Collection, row: Row): StoredDocument {
  const doc: StoredDocument = {
    $id: String(row._id),
    $collectionId: c.id,
    $databaseId: c.databaseId,
    $createdAt: String(row._created),
    $updatedAt: String(row._updated),
    $permissions: JSON.parse(String(row._permissions)) as string[],
  };
  for (const [a, column] of attributeColumns(c)) doc[a.key] = decodeValue(a, row[column]);
  return doc;
}

/** The attributes alone, as validation and hooks see them. */
export function attributesOf(c: Collection, doc: StoredDocument): DocumentData {
  const out: DocumentData = {};
  for (const a of c.attributes) out[a.key] = doc[a.key];
  return out;
}

/** A `select` projection (docs/protocol.md §4.9): system fields only when listed. */
export function project(doc: StoredDocument, select: string[] | null): StoredDocument {
  if (!select) return doc;
  const out: Record<string, unknown> = {};
  for (const key of select) if (key in doc) out[key] = doc[key];
  out.$databaseId = doc.$databaseId;
  out.$collectionId = doc.$collectionId;
  return out as StoredDocument;
}
