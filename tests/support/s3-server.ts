import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A real S3 wire peer on loopback for the object-store tests: s3rver speaks the S3 REST protocol
// (signed requests, HEAD/GET with Range, PUT, DELETE) over HTTP and keeps objects in a temporary
// folder, so @aws-sdk/client-s3 talks to it exactly as to MinIO or AWS.

export interface S3Server {
  url: string;
  bucket: string;
  /** The environment an app instance needs to use it (infra/config.ts). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'sointu-test'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  // s3rver checks signatures against its one fixed key pair.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    url,
    bucket,
    env: { S3_URL: url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
