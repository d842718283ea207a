import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Place } from "./config.server";
import { checkKey } from "./object-keys";
import type { BackupObjects } from "./objects.server";

/**
 * An S3-compatible bucket: each object under the place's prefix. With BACKUP_S3_ENDPOINT (a provider
 * other than AWS) the bucket is addressed in the path (`https://host/bucket/key`), which every
 * S3-compatible server understands; AWS itself is addressed as it prefers.
 */
export function s3Objects(place: S3Place): BackupObjects {
  const client = new S3Client({
    region: place.region,
    endpoint: place.endpoint ?? undefined,
    forcePathStyle: place.endpoint !== null,
    credentials: { accessKeyId: place.accessKeyId, secretAccessKey: place.secretAccessKey },
    // A dead endpoint fails in seconds, so the queue retries later instead of hanging.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
    maxAttempts: 2,
  });
  const bucketKey = (key: string) => (place.prefix ? `${place.prefix}/${checkKey(key)}` : checkKey(key));
  const placeKey = (stored: string) => (place.prefix ? stored.slice(place.prefix.length + 1) : stored);

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket: place.bucket, Key: bucketKey(key), Body: data }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: place.bucket, Key: bucketKey(key) }));
        if (!answer.Body) return Buffer.alloc(0);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async list(prefix) {
      const folder = `${bucketKey(prefix.replace(/\/$/, ""))}/`;
      const keys: string[] = [];
      let continuation: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: place.bucket, Prefix: folder, ContinuationToken: continuation }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(placeKey(object.Key));
        continuation = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuation);
      return keys;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: place.bucket, Key: bucketKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
