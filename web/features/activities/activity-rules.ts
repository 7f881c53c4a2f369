/** Spec 3 section 5: an activity is valid only when its name is not empty. */
export function isValidActivityName(name: string): boolean {
  return name.trim() !== '';
}

/** Activities by name; empty names ('(no name)') last. */
export function byActivityName(a: { name: string }, b: { name: string }): number {
  const emptyA = a.name.trim() === '';
  const emptyB = b.name.trim() === '';
  if (emptyA !== emptyB) return emptyA ? 1 : -1;
  return a.name.localeCompare(b.name);
}
