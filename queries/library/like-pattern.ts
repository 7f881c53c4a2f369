// Case-insensitive text search with ILIKE: what the user typed must match itself, so LIKE's own
// wildcards and the escape character are escaped (ILIKE's default escape is the backslash).

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Contains `text` anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/**
 * A pattern the caller wrapped in wildcards itself (categories' contentQuery): '*' and '%' stay
 * wildcards, everything else matches itself.
 */
export const wildcardPattern = (text: string): string => text.replace(/[\\_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
