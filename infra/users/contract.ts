import { DateTime } from 'luxon';
import { contractAlerts } from '../../schemas/api/auth.ts';
import { accessDenied } from '../errors.ts';

// Spec 1 section 5: a contract that has not started, or has ended, blocks the user with the
// spec's alert text. Days are the user's days (config.timeZone), as everywhere else.

export function assertContractActive(
  user: { contractStartDate: string | null; contractEndDate: string | null; config: { timeZone: string } },
  now: Date,
  contactEmail: string,
): void {
  const zoned = DateTime.fromJSDate(now).setZone(user.config.timeZone);
  const today = (zoned.isValid ? zoned : DateTime.fromJSDate(now).setZone('Europe/Helsinki')).toISODate()!;
  if (user.contractStartDate && user.contractStartDate > today) throw accessDenied(contractAlerts.notStarted);
  if (user.contractEndDate && user.contractEndDate < today) throw accessDenied(contractAlerts.ended.replace('{email}', contactEmail));
}
