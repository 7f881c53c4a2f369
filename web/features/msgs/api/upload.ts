import { upload } from '../../../lib/upload.ts';

// The reply box's single-file upload (spec 2 section 5) through the shared uploader: the box
// depends only on the `Upload` shape.

/** Uploads one file, telling progress as a fraction 0..1; resolves with the stored file's id. */
export type Upload = (file: File, onProgress: (fraction: number) => void) => Promise<{ id: number }>;

export const uploadFile: Upload = (file, onProgress) => upload([file], onProgress).then(([stored]) => ({ id: stored!.id }));
