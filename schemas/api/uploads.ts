import { z } from 'zod';
import { uploadSizeLimits, maxUploadBytes, maxUploadFiles, uploadTypes, type UploadKind } from './upload-limits.ts';

export { uploadSizeLimits, maxUploadBytes, maxUploadFiles, uploadTypes, type UploadKind };

// Uploads (spec 1 and 3 section 7: POST /api/upload, multipart fields file0, file1, ...; spec 2:
// the message view and the reply box attach what was uploaded). The limits (upload-limits.ts) are ours (the
// spec names none), shared by the server, which enforces them, and the browser, which may say so
// before sending:
//
// - A file's type is what its bytes are (a MIME sniff of the content), never its name or the type
//   the browser declared: a PNG named .txt is a PNG, a text file named .png is refused.
// - Only the types of `uploadTypes` are accepted: the pictures, videos and sounds a message shows or plays,
//   and PDF documents. Anything else (HTML, SVG, scripts, archives, office files) is refused, so no
//   upload can run as a page of ours. A picture must also decode whole (infra/media/image-decode.ts):
//   one cut short or corrupt past its header is refused.
// - Each kind has its own size limit; a request holds at most `maxUploadFiles` files. An upload
//   over its limit, of another type, or cut short stores nothing: no file row, no object.
// - The uploader owns the file (files.user_id): they and whoever may see a message or reply it is
//   attached to may read it (domain/files/file-access.ts).

/** Multipart field names: file0, file1, ... */
export const uploadFieldPattern = /^file(\d{1,3})$/;

/** Longest file name kept (characters); a longer one is cut, keeping its extension. */
export const maxUploadNameLength = 255;

export const UploadedFile = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** Seconds of a sound or a video, read from the media itself; absent for other kinds or when the media does not say. */
  length: z.number().nonnegative().optional(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;
export const UploadedFiles = z.array(UploadedFile);
