import type { Resident } from '../../schemas/api/residents.ts';

// The residents table row as the API answers it.

// A type, not an interface: it must fit Record<string, unknown> for the audited-row helpers.
export type ResidentRow = {
  id: number;
  first_name: string;
  last_name: string;
  identification: string | null;
  user_id: number;
  user_tag_group_id: number | null;
  active: boolean;
};

export const toResident = (r: ResidentRow): Resident => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  identification: r.identification,
  userId: r.user_id,
  userTagGroupId: r.user_tag_group_id,
  active: r.active,
});
