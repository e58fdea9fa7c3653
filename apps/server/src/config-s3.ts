/**
 * Where files live when they are not on this machine's disk: an S3-compatible bucket (S3_*).
 * Without S3_BUCKET the files stay under DATA_DIR, and any other S3_* variable is a mistake
 * worth stopping for (the operator meant to use S3 and would otherwise lose files to one disk).
 */
export interface S3Config {
  /** The service's URL (MinIO, R2, ...); null for AWS itself (the region picks the endpoint). */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Both null: the SDK's own chain (AWS_* variables, instance or task roles). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

export interface S3Env {
  S3_ENDPOINT: string | null;
  S3_BUCKET: string | null;
  S3_REGION: string | null;
  S3_ACCESS_KEY_ID: string | null;
  S3_SECRET_ACCESS_KEY: string | null;
  S3_FORCE_PATH_STYLE: string | null;
}

const S3_VARIABLES: readonly (keyof S3Env)[] = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

/** S3's rules for bucket names: 3-63 lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const YES = ['1', 'true', 'on', 'yes'];
const NO = ['0', 'false', 'off', 'no'];

/** The S3 settings, null for the local disk, or the problems with them (all at once). */
export function parseS3(e: S3Env): S3Config | null | { problems: string[] } {
  const problems: string[] = [];
  if (e.S3_BUCKET === null) {
    const stray = S3_VARIABLES.filter((k) => e[k] !== null);
    if (stray.length === 0) return null;
    return {
      problems: [
        `${stray.join(', ')}: set S3_BUCKET too to keep files in S3, or unset ${stray.length > 1 ? 'them' : 'it'} to keep them under DATA_DIR`,
      ],
    };
  }
  if (!BUCKET_NAME.test(e.S3_BUCKET) || e.S3_BUCKET.includes('..')) {
    problems.push('S3_BUCKET: must be a bucket name (3-63 characters: a-z, 0-9, dots, hyphens)');
  }
  if (e.S3_ENDPOINT !== null) {
    const ok = URL.canParse(e.S3_ENDPOINT) && /^https?:$/.test(new URL(e.S3_ENDPOINT).protocol);
    if (!ok) problems.push('S3_ENDPOINT: must be an http:// or https:// URL');
  }
  if (e.S3_REGION !== null && !REGION.test(e.S3_REGION)) {
    problems.push('S3_REGION: must be a region name such as us-east-1');
  }
  if ((e.S3_ACCESS_KEY_ID === null) !== (e.S3_SECRET_ACCESS_KEY === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const pathStyle = e.S3_FORCE_PATH_STYLE?.toLowerCase() ?? 'off';
  if (!YES.includes(pathStyle) && !NO.includes(pathStyle)) {
    problems.push('S3_FORCE_PATH_STYLE: must be on or off');
  }
  if (problems.length > 0) return { problems };
  return Object.freeze({
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: YES.includes(pathStyle),
  });
}
