import { proxy } from 'valtio';

// Spec 3 section 4 "Report UI state": the selected resident and 'Show short sessions', shared by
// the session list and the detailed session table so both show the same sessions. The resident
// belongs to the user it was picked for; another report user starts with none.
export const sessionFilters = proxy<{ userId: number | null; residentId: number | null; showShortSessions: boolean }>({
  userId: null,
  residentId: null,
  showShortSessions: false,
});

export function selectedResidentOf(filters: { userId: number | null; residentId: number | null }, userId: number): number | null {
  return filters.userId === userId ? filters.residentId : null;
}

export function selectResident(userId: number, residentId: number | null): void {
  sessionFilters.userId = userId;
  sessionFilters.residentId = residentId;
}

export function setShowShortSessions(on: boolean): void {
  sessionFilters.showShortSessions = on;
}
