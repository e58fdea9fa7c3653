import type { AttributeDef, CollectionDef, DatabaseDef, IndexDef } from '../../../schema/types.js';

/**
 * 1.4's models of the schema as its server API answers them (docs/protocol.md §3.5): Database,
 * Collection, the Attribute* models and Index, each with only its own fields, in 1.4's order.
 * Every attribute and index is `available`: the schema file's structure is in place before the
 * server answers.
 */

/** When a collection's table was made, and when its structure was last brought in line. */
export interface SchemaTimes {
  createdAt: string;
  updatedAt: string;
}

// 1.4 keeps an integer attribute without bounds between PHP's integer limits (±2^63), and a float
// between its largest doubles; JSON carries them as the nearest numbers.
const INT_LIMITS = { min: -(2 ** 63), max: 2 ** 63 };
const FLOAT_LIMITS = { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };

export function toDatabaseModel(def: DatabaseDef, times: SchemaTimes) {
  return {
    $id: def.$id,
    name: def.name,
    $createdAt: times.createdAt,
    $updatedAt: times.updatedAt,
    enabled: def.enabled,
  };
}

export function toAttributeModel(a: AttributeDef) {
  const head = {
    key: a.key,
    type: a.type,
    status: 'available',
    error: '',
    required: a.required,
    array: a.array,
  };
  switch (a.type) {
    case 'string':
      if (a.format === 'enum') {
        return { ...head, elements: a.elements, format: 'enum', default: a.default };
      }
      if (a.format) return { ...head, format: a.format, default: a.default };
      return { ...head, size: a.size, default: a.default };
    case 'integer':
    case 'double': {
      const limits = a.type === 'integer' ? INT_LIMITS : FLOAT_LIMITS;
      return {
        ...head,
        min: a.min ?? limits.min,
        max: a.max ?? limits.max,
        default: a.default,
      };
    }
    case 'boolean':
      return { ...head, default: a.default };
    case 'datetime':
      return { ...head, format: 'datetime', default: a.default };
  }
}

export function toIndexModel(index: IndexDef) {
  return {
    key: index.key,
    type: index.type,
    status: 'available',
    error: '',
    attributes: index.attributes,
    orders: index.orders?.map((o) => o ?? 'ASC') ?? index.attributes.map(() => 'ASC'),
  };
}

export function toCollectionModel(def: CollectionDef, times: SchemaTimes) {
  return {
    $id: def.$id,
    $createdAt: times.createdAt,
    $updatedAt: times.updatedAt,
    $permissions: def.$permissions,
    databaseId: def.databaseId,
    name: def.name,
    enabled: def.enabled,
    documentSecurity: def.documentSecurity,
    attributes: def.attributes.map(toAttributeModel),
    indexes: def.indexes.map(toIndexModel),
  };
}
