import { describe, expect, it } from 'vitest';
import type { AdminUserRow } from '../../../schemas/api/user-admin.ts';
import { UserConfig } from '../../../schemas/api/user.ts';
import { removalConfirmed, userActions } from './user-actions.ts';

const row = (fields: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id: 2,
  name: 'pekka',
  firstName: 'Pekka',
  lastName: 'Virtanen',
  displayName: 'Pekka Virtanen',
  unit: 'Kotikallio',
  email: null,
  residentId: null,
  residentName: null,
  loginTokenExpires: null,
  pendingLoginLink: false,
  insertedByUserId: null,
  insertedByName: null,
  betweenFamilies: false,
  ...fields,
});
const viewer = (config: Partial<UserConfig> = {}) => ({ id: 1, config: UserConfig.parse(config) });

describe('user table actions (spec 3 section 6)', () => {
  it('should offer Change Password with passwordChange, unless a login link is pending', () => {
    expect(userActions(viewer({ passwordChange: true }), row()).changePassword).toBe(true);
    expect(userActions(viewer({ passwordChange: true }), row({ pendingLoginLink: true })).changePassword).toBe(false);
    expect(userActions(viewer(), row()).changePassword).toBe(false);
  });

  it("should offer Send login link by the user's betweenFamilies", () => {
    expect(userActions(viewer(), row({ betweenFamilies: true })).sendLoginLink).toBe(true);
    expect(userActions(viewer(), row()).sendLoginLink).toBe(false);
  });

  it('should offer Remove User only for users the viewer inserted', () => {
    expect(userActions(viewer(), row({ insertedByUserId: 1 })).remove).toBe(true);
    expect(userActions(viewer(), row({ insertedByUserId: 3 })).remove).toBe(false);
    expect(userActions(viewer(), row()).remove).toBe(false);
  });

  it("should confirm a removal only by the user's name typed exactly", () => {
    expect(removalConfirmed('Pekka Virtanen', row())).toBe(true);
    expect(removalConfirmed('pekka virtanen', row())).toBe(false);
    expect(removalConfirmed('Pekka Virtanen ', row())).toBe(false);
    expect(removalConfirmed('', row())).toBe(false);
  });
});
