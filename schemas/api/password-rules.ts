// The password lengths of schemas/api/user-admin.ts.
// No zod here: the browser imports this at runtime (ARCHITECTURE.md: the browser shares the
// schemas' types, not their code).

/** Spec 2 section 8: a password has at least 4 characters (typed twice in the Change password modal). */
export const minPasswordLength = 4;

export const maxPasswordLength = 200;
