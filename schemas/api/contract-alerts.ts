// The contract alerts of the login answer (schemas/api/auth.ts).
// No zod here: the browser imports this at runtime (ARCHITECTURE.md: the browser shares the
// schemas' types, not their code).

/** Contract alerts (spec 1 section 5); `{email}` is replaced with the contact address. */
export const contractAlerts = {
  notStarted: 'Your subscription has not yet started. You can start using the service when the contract period starts.',
  ended: 'Your subscription has ended. To continue using the service, please contact {email}.',
} as const;
