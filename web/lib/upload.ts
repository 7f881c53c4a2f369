import type { UploadedFile } from '../../schemas/api/uploads.ts';
import { ApiError, bearerToken, refusalError } from './api-client.ts';

// POST /api/upload from the browser (spec 1 section 7: multipart fields file0, file1, ...; progress
// and a success flag). XMLHttpRequest, because fetch reports no upload progress. Errors are the
// ones api-client.ts raises: 5xx 'Internal error: {status}', other refusals 'Request failed' with
// the server's kind and details (PayloadTooLarge and ValidationError name the file's field), and
// a dropped connection status 0.

export type { UploadedFile };

/** Progress of the whole request, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

export interface UploadOptions {
  signal?: AbortSignal;
}

function errorOf(status: number, responseText: string): ApiError {
  if (status >= 500 || status < 400) return new ApiError(`Internal error: ${status}`, status, null, null);
  let body: unknown = null;
  try {
    body = JSON.parse(responseText);
  } catch {
    // Not our error shape: the generic refusal.
  }
  return refusalError(status, body);
}

/** Uploads the files (file0, file1, ... in this order) and answers them as stored, in the same order. */
export function upload(files: readonly File[], onProgress: UploadProgress = () => undefined, options: UploadOptions = {}): Promise<UploadedFile[]> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');
    if (options.signal?.aborted) return reject(cancelled());
    const form = new FormData();
    files.forEach((file, index) => form.append(`file${index}`, file, file.name));
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = bearerToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) return reject(errorOf(request.status, request.responseText));
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      // The server serialised the answer through UploadedFiles (server/http/zod.ts); only an
      // answer that is no list at all (a proxy's page) is refused here.
      if (!Array.isArray(body)) return reject(new ApiError('Validation error: POST /api/upload', request.status, 'ValidationError', null));
      onProgress(1);
      resolve(body as UploadedFile[]);
    });
    request.addEventListener('error', () => reject(new ApiError('Internal error: 0', 0, null, null)));
    request.addEventListener('abort', () => reject(cancelled()));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
