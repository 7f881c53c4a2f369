import type { Activity } from '../../schemas/api/residents.ts';

// The activities table row as the API answers it. A type, not an interface: it must fit
// Record<string, unknown> for the audited-row helpers.
export type ActivityRow = {
  id: number;
  name: string;
  user_id: number;
  active: boolean;
};

export const toActivity = (r: ActivityRow): Activity => ({ id: r.id, name: r.name, userId: r.user_id, active: r.active });
