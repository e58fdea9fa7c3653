/**
 * A schema in the Appwrite CLI's project-file format (`appwrite.json`): databases, collections
 * with typed attributes and indexes, and buckets. The same file deploys to a hosted Appwrite.
 */
interface AttributeBase {
  key: string;
  required: boolean;
  array: boolean;
}

export type AttributeDef =
  | (AttributeBase & {
      type: 'string';
      size: number;
      format?: '' | 'email' | 'url' | 'ip';
      default: string | null;
    })
  | (AttributeBase & {
      type: 'string';
      size?: number;
      format: 'enum';
      elements: string[];
      default: string | null;
    })
  | (AttributeBase & { type: 'integer'; min?: number; max?: number; default: number | null })
  | (AttributeBase & { type: 'double'; min?: number; max?: number; default: number | null })
  | (AttributeBase & { type: 'boolean'; default: boolean | null })
  | (AttributeBase & { type: 'datetime'; format?: string; default: string | null });

export interface IndexDef {
  key: string;
  type: 'key' | 'unique' | 'fulltext';
  /** Attribute keys, or the system fields $id, $createdAt, $updatedAt. */
  attributes: string[];
  orders?: ('ASC' | 'DESC' | null)[];
}

export interface CollectionDef {
  $id: string;
  $permissions: string[];
  databaseId: string;
  name: string;
  enabled: boolean;
  documentSecurity: boolean;
  attributes: AttributeDef[];
  indexes: IndexDef[];
}

export interface DatabaseDef {
  $id: string;
  name: string;
  enabled: boolean;
}

export interface BucketDef {
  $id: string;
  $permissions: string[];
  name: string;
  enabled: boolean;
  fileSecurity: boolean;
  maximumFileSize: number;
  allowedFileExtensions: string[];
  compression: 'none' | 'gzip' | 'zstd';
  encryption: boolean;
  antivirus: boolean;
}

export interface Schema {
  projectId?: string;
  projectName?: string;
  databases: DatabaseDef[];
  collections: CollectionDef[];
  buckets: BucketDef[];
}
