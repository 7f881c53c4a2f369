// Spec 1 section 2: clicking the navigation link of the page already shown asks for confirmation
// and resets that page. The page says whether it has anything to reset: a handler answers true
// when it took the click (asked, and reset or not), and the link then does not navigate.

type Handler = (route: string) => boolean;
const handlers = new Set<Handler>();

/** A page listens while it is shown; returns the unsubscribe. */
export function onNavReselect(handler: Handler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** The shell's link of the shown page was clicked again: true when a page took the click. */
export function navReselected(route: string): boolean {
  for (const handler of [...handlers]) if (handler(route)) return true;
  return false;
}
