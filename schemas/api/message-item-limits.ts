// What a message item's layout may be (schemas/api/messages.ts).
// No zod here: the browser imports this at runtime (ARCHITECTURE.md: the browser shares the
// schemas' types, not their code).

/** Spec 2 section 3 and 9: the widths an item may take. */
export const itemWidths = ['25%', '50%', '75%', '100%'] as const;

/** Spec 2 section 9: an IFrame is at least 600 px high. */
export const minIframeHeight = 600;
