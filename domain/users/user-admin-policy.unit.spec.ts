import { describe, expect, it } from 'vitest';
import { decideRemoveUser, setPasswordRefusal, type RemoveUserFacts, type SetPasswordFacts } from './user-admin-policy.ts';

const setPassword = (facts: Partial<SetPasswordFacts>): SetPasswordFacts => ({
  actorId: 1,
  targetId: 2,
  actorAdministersTarget: false,
  actorPasswordChange: false,
  targetActive: true,
  ...facts,
});
const removal = (facts: Partial<RemoveUserFacts>): RemoveUserFacts => ({
  actorId: 1,
  targetId: 2,
  actorAdministersTarget: true,
  actorInsertedTarget: true,
  alreadyRemovedFromActor: false,
  ...facts,
});

describe('set-password policy', () => {
  it('should let an administrator of the user set it', () => {
    expect(setPasswordRefusal(setPassword({ actorAdministersTarget: true }))).toBeNull();
  });

  it('should let the user set their own only with passwordChange', () => {
    expect(setPasswordRefusal(setPassword({ targetId: 1, actorPasswordChange: true }))).toBeNull();
    expect(setPasswordRefusal(setPassword({ targetId: 1 }))?.kind).toBe('AccessDenied');
  });

  it('should refuse a stranger, even one with passwordChange', () => {
    expect(setPasswordRefusal(setPassword({ actorPasswordChange: true }))?.kind).toBe('AccessDenied');
  });

  it('should answer NotFound for an administered user who is no longer active', () => {
    expect(setPasswordRefusal(setPassword({ actorAdministersTarget: true, targetActive: false }))?.kind).toBe('NotFound');
  });
});

describe('remove-user policy', () => {
  it('should remove a user the caller administers and inserted', () => {
    expect(decideRemoveUser(removal({}))).toEqual({ remove: true });
  });

  it('should refuse a user the caller does not administer or did not insert', () => {
    expect(decideRemoveUser(removal({ actorAdministersTarget: false }))).toMatchObject({ remove: false, error: { kind: 'AccessDenied' } });
    expect(decideRemoveUser(removal({ actorInsertedTarget: false }))).toMatchObject({ remove: false, error: { kind: 'AccessDenied' } });
  });

  it('should refuse removing oneself', () => {
    expect(decideRemoveUser(removal({ targetId: 1 }))).toMatchObject({ remove: false, error: { kind: 'AccessDenied' } });
  });

  it('should do nothing, without error, on a retry of the caller\'s own removal', () => {
    expect(decideRemoveUser(removal({ actorAdministersTarget: false, alreadyRemovedFromActor: true }))).toEqual({ remove: false, error: null });
  });
});
