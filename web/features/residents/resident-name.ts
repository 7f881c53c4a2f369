import type { Resident } from '../../../schemas/api/residents.ts';

/** First and last name, or null when both are empty (the list shows '(no name)'). */
export function residentName(resident: Pick<Resident, 'firstName' | 'lastName'>): string | null {
  const name = [resident.firstName.trim(), resident.lastName.trim()].filter(Boolean).join(' ');
  return name === '' ? null : name;
}

/** Residents by first name, then last name: the order the session modal lists them in too. */
export function byName(a: Pick<Resident, 'firstName' | 'lastName'>, b: Pick<Resident, 'firstName' | 'lastName'>): number {
  return a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName);
}
