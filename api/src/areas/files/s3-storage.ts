/**
 * S3-compatible storage (FILE_STORAGE=s3, docs/files.md) through the AWS SDK v3. The browser PUTs
 * to a presigned URL of `<prefix>incoming/<upload id>`: signed for PUT, that one object, the
 * exact Content-Length named in step one, for FILE_UPLOAD_URL_TTL_SECONDS. What arrives there is
 * checked by its size and first bytes (HEAD + ranged GET) and copied to the file's key with the
 * content type found, or deleted: a URL used again later can only write the incoming object, never
 * a checked file.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FILE_KEY_PATTERN, FILE_UPLOAD_CONTENT_TYPE } from '@esim/contracts';
import type { S3FilesConfig } from '../../config';
import type { FileUploadRow } from '../../db/schema';
import { CONTENT_SAMPLE_BYTES, type FileStorageBase } from './storage';

export interface S3FileStorage extends FileStorageBase {
  readonly mode: 's3';
  /** The object key an upload arrives at. */
  incomingKey(upload: FileUploadRow): string;
  close(): void;
}

function clientConfig(config: S3FilesConfig, endpoint: string | undefined): S3ClientConfig {
  return {
    region: config.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Without this the SDK puts a CRC32 of the (empty) request into presigned PUT URLs, which
    // S3 then holds the browser's bytes against; the content check reads the object instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.$metadata.httpStatusCode === 404 ||
    error.name === 'NotFound' ||
    error.name === 'NoSuchKey'
  );
}

export function createS3FileStorage(config: S3FilesConfig, ttlSeconds: number): S3FileStorage {
  const client = new S3Client(clientConfig(config, config.endpoint));
  // Presigned URLs name the host browsers reach (S3_PUBLIC_ENDPOINT when it differs).
  const presigner = config.publicEndpoint
    ? new S3Client(clientConfig(config, config.publicEndpoint))
    : client;
  const bucket = config.bucket;
  const objectKey = (key: string) => {
    if (!FILE_KEY_PATTERN.test(key)) throw new Error('not a file key');
    return `${config.keyPrefix}${key}`;
  };
  const incomingKey = (upload: FileUploadRow) => {
    if (!/^[0-9a-f-]{36}$/.test(upload.id)) throw new Error('not an upload id');
    return `${config.keyPrefix}incoming/${upload.id}`;
  };

  async function head(key: string): Promise<number | null> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    mode: 's3',
    incomingKey,
    async uploadUrl(upload) {
      return getSignedUrl(
        presigner,
        new PutObjectCommand({
          Bucket: bucket,
          Key: incomingKey(upload),
          ContentType: FILE_UPLOAD_CONTENT_TYPE,
          ContentLength: upload.size,
        }),
        { expiresIn: ttlSeconds },
      );
    },
    async incoming(upload) {
      const key = incomingKey(upload);
      const size = await head(key);
      if (size === null) return null;
      if (size === 0) return { size, head: new Uint8Array() };
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: `bytes=0-${CONTENT_SAMPLE_BYTES - 1}`,
          }),
        );
        const bytes = (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
        // A server that ignores Range sends it all: the check needs the first bytes only.
        return { size, head: bytes.subarray(0, CONTENT_SAMPLE_BYTES) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async promote(upload, contentType) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: objectKey(upload.key),
          CopySource: `${bucket}/${incomingKey(upload)}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: incomingKey(upload) }));
    },
    async discardIncoming(upload) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: incomingKey(upload) }));
    },
    async exists(key) {
      return (await head(objectKey(key))) !== null;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    close() {
      client.destroy();
      if (presigner !== client) presigner.destroy();
    },
  };
}
