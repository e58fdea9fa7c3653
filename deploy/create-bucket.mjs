// Makes the bucket S3_BUCKET names on S3_ENDPOINT, unless it exists, once the S3 server answers
// (within a minute). The shop server needs its bucket to exist (README, "File storage");
// docker-compose.yml runs this once, from the shop's image, before the shop servers start.
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
  console.error('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set');
  process.exit(2);
}
const s3 = new S3Client({
  endpoint: S3_ENDPOINT || undefined,
  region: S3_REGION || 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
});

const deadline = Date.now() + 60_000;
for (;;) {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: S3_BUCKET }));
    console.log(`bucket ${S3_BUCKET} is there`);
    break;
  } catch (e) {
    const status = e?.$metadata?.httpStatusCode;
    if (status === 404) {
      await s3.send(new CreateBucketCommand({ Bucket: S3_BUCKET }));
      console.log(`bucket ${S3_BUCKET} made`);
      break;
    }
    if (Date.now() > deadline) throw e;
    await new Promise((r) => setTimeout(r, 1000)); // not up yet
  }
}
