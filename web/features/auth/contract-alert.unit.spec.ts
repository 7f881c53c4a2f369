import { describe, expect, it } from 'vitest';
import { contractAlerts } from '../../../schemas/api/auth.ts';
import { contractAlertKeys, contractAlertOf } from './contract-alert.ts';

describe('contractAlertOf', () => {
  it('should recognise the not-started alert', () => {
    expect(contractAlertOf(contractAlerts.notStarted)).toEqual({ key: contractAlertKeys.notStarted, values: {} });
  });
  it('should recognise the ended alert and keep the address', () => {
    const message = contractAlerts.ended.replace('{email}', 'tuki@sointu.example');
    expect(contractAlertOf(message)).toEqual({ key: contractAlertKeys.ended, values: { email: 'tuki@sointu.example' } });
  });
  it('should ignore other messages', () => {
    expect(contractAlertOf('Access denied')).toBeNull();
    expect(contractAlertOf(null)).toBeNull();
  });
});
