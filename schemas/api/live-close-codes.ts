// Close codes of the /ws live channel that the browser acts on (zod-free: the browser imports it).
// The 4000-4999 range is the application's.

/** The session ended (logout elsewhere, deactivation): the browser's reopen gets a 401. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/**
 * The server closed the socket because the user opened too many (the oldest goes): the browser does
 * not reopen it, or two tabs over the cap would take turns closing each other.
 */
export const LIVE_REPLACED_CLOSE_CODE = 4409;
