import { buildUrl } from '../../../../lib/api-client.ts';

/**
 * The spreadsheet link of spec 3 section 7 (userId, firstDay, lastDay, optional residentId). A plain
 * link: the browser downloads with the session cookie, the answer names the file.
 */
export function usageDetailsXlsxHref(userId: number, firstDay: string, lastDay: string, residentId: number | null): string {
  return buildUrl('/api/usage-details-xlsx', {
    userId: String(userId),
    firstDay,
    lastDay,
    residentId: residentId === null ? undefined : String(residentId),
  });
}
