// Spec 1 section 9: lists (favorites, search results, recipes) page by 10, the audio list query
// state's default limit. The settings' resultsCount (default 20) pages the report tables only.
export const listPageSize = 10;
