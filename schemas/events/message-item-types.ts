// The types of message items (schemas/events/messages.ts). No zod here: the browser imports this
// at runtime (ARCHITECTURE.md: the browser shares the schemas' types, not their code).

export const messageItemTypes = ['Image', 'AudioFile', 'InlineHTML', 'InlineHTMLTrack', 'IFrame', 'FavoriteList', 'Recipe', 'MediaFile', 'Link', 'Question'] as const;
