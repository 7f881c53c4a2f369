import { z } from 'zod';
import { bearerToken, errorFromResponse } from '../../../lib/api-client.ts';

// The reply box's single-file upload (spec 2 section 5): POST /api/upload, multipart field file0,
// answered with the stored files ([{id, ...}]). The box depends only on the `Upload` shape, so the
// shared uploader (web/lib/upload.ts, built beside this) can replace `uploadFile` without touching it.

/** Uploads one file, telling progress as a fraction 0..1; resolves with the stored file's id. */
export type Upload = (file: File, onProgress: (fraction: number) => void) => Promise<{ id: number }>;

const Uploaded = z.array(z.object({ id: z.number().int() }).loose()).min(1);

export const uploadFile: Upload = (file, onProgress) =>
  new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file0', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = bearerToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const response = new Response(request.responseText, { status: request.status, headers: { 'Content-Type': 'application/json' } });
      if (request.status < 200 || request.status >= 300) return void errorFromResponse(response).then(reject, reject);
      const parsed = Uploaded.safeParse(safeJson(request.responseText));
      if (!parsed.success) return reject(new Error('Upload answer not understood'));
      onProgress(1);
      resolve({ id: parsed.data[0]!.id });
    });
    request.addEventListener('error', () => reject(new Error('Upload failed')));
    request.send(form);
  });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
