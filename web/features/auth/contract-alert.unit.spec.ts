import { describe, expect, it } from 'vitest';
import { contractAlerts } from '../../../schemas/api/auth.ts';
import { i18n, setLanguage } from '../../lib/i18n/i18n.ts';
import { plurals, texts } from '../../lib/i18n/translations.ts';
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

describe('the contract alerts in every language', () => {
  it('should have a translation of each alert', () => {
    const known = new Set([...Object.keys(texts), ...Object.keys(plurals)]);
    expect(Object.values(contractAlertKeys).filter((key) => !known.has(key))).toEqual([]);
  });
  it('should fill in the contact address of the ended-contract alert', async () => {
    await setLanguage('fin');
    expect(i18n.t(contractAlertKeys.ended, { email: 'tuki@sointu.example' })).toContain('tuki@sointu.example');
  });
});
