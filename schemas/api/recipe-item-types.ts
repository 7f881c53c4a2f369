// The item types of recipes (schemas/api/recipe-items.ts).
// No zod here: the browser imports this at runtime (ARCHITECTURE.md: the browser shares the
// schemas' types, not their code).

/** The content-type buttons of a recipe; PlayAll is a pseudo-button of the screen, not an item type. */
export const recipeItemTypes = ['Music', 'News', 'Spiritual', 'Story', 'Game', 'Exercise', 'Radio'] as const;
