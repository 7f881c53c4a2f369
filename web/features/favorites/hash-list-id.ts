import { z } from 'zod';

// Spec 1 section 2: the location hash holds URL-safe encoded JSON that may name the favorite list
// to show (userTagGroupId). A hash that cannot be read, or of another shape, is ignored.

const HashState = z.object({ userTagGroupId: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,10}$/).transform(Number)]) });

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
  const parsed = HashState.safeParse(decodeJson(text));
  return parsed.success ? parsed.data.userTagGroupId : null;
}
