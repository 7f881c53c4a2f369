import { accessDenied, notFound, type AppError } from '../../infra/errors.ts';

// Who may set a password or remove a user (spec 3 sections 6 and 7, DOMAIN.md section 4; issue
// 17). Pure: the command reads the facts in its transaction and asks here. An outsider learns
// nothing about which ids exist, so a user the caller has no tie to is AccessDenied, not NotFound.

export interface SetPasswordFacts {
  actorId: number;
  targetId: number;
  /** The caller is in the target's administrators (user_admins). */
  actorAdministersTarget: boolean;
  /** The caller's own config.passwordChange. */
  actorPasswordChange: boolean;
  /** The target's row exists and is active. */
  targetActive: boolean;
}

/** Null when allowed: an administrator of the user, or the user for themselves with passwordChange. */
export function setPasswordRefusal(f: SetPasswordFacts): AppError | null {
  const self = f.actorId === f.targetId;
  if (self ? !f.actorPasswordChange : !f.actorAdministersTarget) return accessDenied();
  if (!f.targetActive) return notFound();
  return null;
}

export interface RemoveUserFacts {
  actorId: number;
  targetId: number;
  actorAdministersTarget: boolean;
  /** The caller inserted (invited) the target: 'Remove User' is offered only then (spec 3 section 6). */
  actorInsertedTarget: boolean;
  /** The target was already removed, by a removal that ended the caller's administration of them. */
  alreadyRemovedFromActor: boolean;
}

export type RemoveUserDecision = { remove: true } | { remove: false; error: AppError | null };

/** Remove, nothing to do (a retry of the caller's own removal), or the refusal. */
export function decideRemoveUser(f: RemoveUserFacts): RemoveUserDecision {
  if (f.actorId === f.targetId) return { remove: false, error: accessDenied('You cannot remove yourself') };
  if (f.alreadyRemovedFromActor) return { remove: false, error: null };
  if (!f.actorAdministersTarget || !f.actorInsertedTarget) return { remove: false, error: accessDenied() };
  return { remove: true };
}
