import { accessDenied } from '../../infra/errors.ts';
import type { Session } from '../../infra/auth/session.ts';
import type { Queryable } from '../../infra/sql/sql.ts';
import type { ReferenceTable } from './reference-table.ts';
import { requireFlag, requireUnitsOf } from './unit-access.ts';

// Who may use an entity of the generic data pattern (reference-table.ts EntityAccess; DOMAIN.md
// section 4): operators run the back office, a unit and its administrators their own unit's data,
// a user alone their own favorite lists and evaluations. Being an administrator of units never
// implies operator power, and an operator does not read units' private rows.

/** The caller is a service operator (users.operator), read on every call so a revoked role ends at once. */
export async function requireOperatorUser(db: Queryable, session: Session): Promise<void> {
  const rows = await db.query('SELECT 1 FROM users WHERE id = $1 AND operator AND active', [session.userId]);
  if (rows.length === 0) throw accessDenied();
}

/** The caller may read or change rows of these units (ignored for operator entities). */
export async function requireEntityAccess(db: Queryable, session: Session, definition: ReferenceTable, unitIds: readonly number[]): Promise<void> {
  const { access } = definition;
  switch (access.kind) {
    case 'operator':
      return requireOperatorUser(db, session);
    case 'unit':
      return requireUnitsOf(db, session, unitIds);
    case 'owner':
      if (unitIds.some((id) => id !== session.userId)) throw accessDenied();
      return;
    default: {
      const never: never = access;
      throw new Error(`unknown access ${String(never)}`);
    }
  }
}

/** Creating may also need a flag of the caller's config (canCreateResidents, canCreateActivities). */
export async function requireCreateAccess(db: Queryable, session: Session, definition: ReferenceTable, unitIds: readonly number[]): Promise<void> {
  if (definition.access.kind === 'unit' && definition.access.createFlag) await requireFlag(db, session, definition.access.createFlag);
  await requireEntityAccess(db, session, definition, unitIds);
}

/** Whether rows are scoped by a unit (unit and owner entities) rather than seen whole (operators). */
export const isUnitScoped = (definition: ReferenceTable): boolean => definition.access.kind !== 'operator';
