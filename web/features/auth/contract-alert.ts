import { contractAlerts } from '../../../schemas/api/contract-alerts.ts';

// The server puts the contract alert (spec 1 section 5) in the AccessDenied message with the
// contact address filled in. Recognising it gives back a translation key and its values.

export interface ContractAlert {
  key: string;
  values: Record<string, string>;
}

export const contractAlertKeys = {
  notStarted: contractAlerts.notStarted,
  ended: contractAlerts.ended.replace('{email}', '{{email}}'),
} as const;

const [endedBefore = '', endedAfter = ''] = contractAlerts.ended.split('{email}');

export function contractAlertOf(message: string | null): ContractAlert | null {
  if (message === null) return null;
  if (message === contractAlerts.notStarted) return { key: contractAlertKeys.notStarted, values: {} };
  if (message.startsWith(endedBefore) && message.endsWith(endedAfter) && message.length > endedBefore.length + endedAfter.length) {
    return { key: contractAlertKeys.ended, values: { email: message.slice(endedBefore.length, message.length - endedAfter.length) } };
  }
  return null;
}
