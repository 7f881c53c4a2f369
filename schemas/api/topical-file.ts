import { z } from 'zod';
import { Id } from '../common/safe.ts';

// The topical file of the settings tab (spec 3 section 2: "upload of a topical file (if
// showUploadTopicalFile and userAdmin)"): a file an administrator puts up for the units they
// administer, e.g. this month's programme as a PDF or a poster as a picture. It becomes the
// units' info file (users.info_file_id), which the top bar's Info button shows when the unit has
// no Info instructions of its own (spec 1 section 2, spec 2 section 7's INFO window).

/** set-topical-file: fileId null takes the topical file away again. */
export const SetTopicalFileRequest = z.strictObject({ userIds: z.array(Id).min(1).max(1000), fileId: Id.nullable() });
export type SetTopicalFileRequest = z.infer<typeof SetTopicalFileRequest>;
