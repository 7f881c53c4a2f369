// Spec 1 section 2: the location hash holds URL-safe encoded JSON that may name the favorite list
// to show (userTagGroupId). A hash that cannot be read, or of another shape, is ignored. Checked by
// hand, not with zod: the favorite list selector is on the easy view, a landing page.

/** userTagGroupId as a non-negative integer, or as a string of up to 10 digits. */
function listIdOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as { userTagGroupId?: unknown }).userTagGroupId;
  if (typeof id === 'number') return Number.isInteger(id) && id >= 0 ? id : null;
  return typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : null;
}

function decodeJson(text: string): unknown {
  try {
    return JSON.parse(decodeURIComponent(text));
  } catch {
    try {
      // base64url, the other URL-safe way to carry JSON.
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
    } catch {
      return null;
    }
  }
}

/** The list id the hash names, or null. */
export function listIdFromHash(hash: string): number | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text === '') return null;
  return listIdOf(decodeJson(text));
}
