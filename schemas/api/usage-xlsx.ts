import { z } from 'zod';
import { wholeNumber } from '../common/safe.ts';
import { IsoDay } from './usage-report.ts';

// GET /api/usage-xlsx and /api/usage-details-xlsx (spec 3 section 7): spreadsheet downloads of a
// user's report, optionally narrowed to the sessions one resident took part in.

const id = wholeNumber(z.number().int().positive().max(2_147_483_647));

export const UsageXlsxQuery = z.strictObject({ userId: id, firstDay: IsoDay, lastDay: IsoDay, residentId: id.optional() });
export type UsageXlsxQuery = z.infer<typeof UsageXlsxQuery>;

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
