import { AppError } from '../../../protocol/errors.js';
import type { BucketDef, Schema } from '../../../schema/types.js';
import { holdsAny, rolesFor, type BucketAction } from './permissions.js';
import type { FileRow } from './records.js';

/** System callers (the StorageService) pass no roles: rules on content hold, permissions don't. */
export type Roles = readonly string[] | 'system';

export function bucketOf(schema: Schema, bucketId: string, roles: Roles): BucketDef {
  const bucket = schema.buckets.find((b) => b.$id === bucketId);
  if (!bucket || (!bucket.enabled && roles !== 'system')) {
    throw new AppError('storage_bucket_not_found');
  }
  return bucket;
}

export const bucketAllows = (bucket: BucketDef, roles: Roles, action: BucketAction) =>
  roles === 'system' || holdsAny(roles, rolesFor(bucket.$permissions, action));

const fileAllows = (bucket: BucketDef, row: FileRow, roles: Roles, action: BucketAction) =>
  bucket.fileSecurity &&
  roles !== 'system' &&
  holdsAny(roles, rolesFor(JSON.parse(row.permissions) as string[], action));

/** Reference 6.6 for reads: 401 without any way in, 404 when this file is not readable. */
export function assertCanReadBucket(bucket: BucketDef, roles: Roles): void {
  if (!bucketAllows(bucket, roles, 'read') && !bucket.fileSecurity) {
    throw new AppError('user_unauthorized');
  }
}

export function canReadFile(bucket: BucketDef, row: FileRow, roles: Roles): boolean {
  return bucketAllows(bucket, roles, 'read') || fileAllows(bucket, row, roles, 'read');
}

/** Update and delete: bucket permission, or the file's own with fileSecurity; else 401. */
export function assertCanChange(
  bucket: BucketDef,
  row: FileRow,
  roles: Roles,
  action: 'update' | 'delete',
): void {
  if (!bucketAllows(bucket, roles, action) && !fileAllows(bucket, row, roles, action)) {
    throw new AppError('user_unauthorized');
  }
}

/** Who may hear about a file: the bucket's readers, plus the file's own with fileSecurity. */
export function audienceOf(bucket: BucketDef, permissions: readonly string[]): string[] {
  const roles = rolesFor(bucket.$permissions, 'read');
  if (bucket.fileSecurity) {
    for (const r of rolesFor(permissions, 'read')) if (!roles.includes(r)) roles.push(r);
  }
  return roles;
}
