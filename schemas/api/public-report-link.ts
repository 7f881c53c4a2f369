import { z } from 'zod';
import { wholeNumber } from '../common/safe.ts';

// The public report link of a unit (spec 3 sections 2, 3 and 7; issue 17 item 6): an
// administrator with showPublicReport issues, shows and revokes the rtoken a visitor opens the
// unit's public report with. Issuing again replaces the token, so an old link stops working.

export const PublicReportLinkParams = z.strictObject({ userId: wholeNumber(z.number().int().positive().max(2_147_483_647)) });

export const PublicReportLink = z.object({
  userId: z.number().int(),
  /** Null while the unit has no link (never issued, or revoked). */
  token: z.string().nullable(),
  /** The address a visitor opens: the service's address with ?rtoken=. */
  link: z.string().nullable(),
});
export type PublicReportLink = z.infer<typeof PublicReportLink>;
