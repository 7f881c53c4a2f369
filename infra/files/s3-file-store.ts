import fs from 'node:fs';
import { Readable } from 'node:stream';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { invalidRequest, notFound } from '../errors.ts';
import { createFileStore, isValidObjectKey, type FileStore, type StoredObjectInfo } from './file-store.ts';

// Stored objects in an S3-compatible object store (AWS S3, MinIO, Ceph, ...), for several app
// instances: an object uploaded through one is read through any other. Chosen by configuration
// (S3_BUCKET, and S3_URL for a store other than AWS); without it objects stay under DATA_DIR.
//
// An upload still arrives in a temporary file under DATA_DIR (the disk store's `receive`): the
// upload's type is sniffed from its bytes before it is accepted, and a refused or cut-off upload
// never reaches the bucket. `commit` then puts the whole object in one PUT, which S3 makes visible
// whole or not at all, so no reader ever sees half an object under its key.

export interface S3Settings {
  bucket: string;
  /** The store's URL (MinIO, Ceph, ...); the AWS endpoint of `region` when absent. */
  endpoint?: string;
  region: string;
  /** Without them the AWS SDK's default chain (environment, instance role) answers. */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface S3FileStore extends FileStore {
  /** Makes the bucket when it does not exist yet (a fresh MinIO); an existing one is left as it is. */
  ensureBucket(): Promise<void>;
  close(): void;
}

export function createS3FileStore(settings: S3Settings, dataDir: string): S3FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Path-style URLs (endpoint/bucket/key): what self-hosted stores answer without DNS per bucket.
    forcePathStyle: settings.endpoint !== undefined,
    // Checksums only where the operation requires one: the SDK's default also sends a streamed
    // body as aws-chunked with a checksum trailer, which several S3-compatible stores do not read.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const Bucket = settings.bucket;
  const staging = createFileStore(dataDir);

  const keyOf = (objectKey: string): string => {
    if (!isValidObjectKey(objectKey)) throw invalidRequest('Invalid object key');
    return objectKey;
  };

  const stat = async (objectKey: string): Promise<StoredObjectInfo | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(objectKey) }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const get = async (objectKey: string, range?: { start: number; end: number }) => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(objectKey), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      if (!(answer.Body instanceof Readable)) throw new Error(`object store answered ${objectKey} without a body stream`);
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) throw notFound();
      throw error;
    }
  };

  const put = (objectKey: string, body: Uint8Array | Readable, size: number) =>
    client.send(new PutObjectCommand({ Bucket, Key: keyOf(objectKey), Body: body, ContentLength: size }));

  return {
    stat,
    async save(objectKey, data) {
      await put(objectKey, data, data.byteLength);
    },
    async exists(objectKey) {
      return (await stat(objectKey)) !== null;
    },
    async read(objectKey) {
      const chunks: Buffer[] = [];
      for await (const chunk of await get(objectKey)) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    async openReadStream(objectKey, range) {
      if (!range) return get(objectKey);
      const info = await stat(objectKey);
      if (!info) throw notFound();
      if (range.start < 0 || range.end < range.start || range.end >= info.size) throw invalidRequest('Invalid range');
      return get(objectKey, range);
    },
    async remove(objectKey) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(objectKey) }));
    },
    async receive(source) {
      const incoming = await staging.receive(source);
      return {
        path: incoming.path,
        size: incoming.size,
        async commit(objectKey) {
          try {
            await put(objectKey, fs.createReadStream(incoming.path), incoming.size);
          } finally {
            await incoming.discard();
          }
        },
        discard: incoming.discard,
      };
    },
    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isMissing(error)) throw error;
        // Several instances starting at once on a fresh store: the one that lost the race finds it made.
        await client.send(new CreateBucketCommand({ Bucket })).catch((failure: unknown) => {
          if ((failure as { name?: string }).name !== 'BucketAlreadyOwnedByYou') throw failure;
        });
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** 404 of a HEAD (no body, so no error code) or NoSuchKey/NoSuchBucket of a GET. */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.name === 'NoSuchBucket';
}
