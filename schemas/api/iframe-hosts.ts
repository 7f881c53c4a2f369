// Which pages an IFrame message item may frame (issue 37 item 8): only pages on the hosts the
// operator lists in IFRAME_HOSTS (infra/config.ts). The server refuses an IFrame item on any other
// host when it is written (commands/messages/message-content.ts), and the browser frames none
// (web/components/message-items/message-item-view.tsx), also for items stored before the list;
// GET /api/ gives the browser the list (`iframeHosts`). Nothing listed (the default): no frames.
// No zod here: the browser imports this at runtime (ARCHITECTURE.md).

/** One entry: a host name (`maps.example.org`, matched exactly) or `*.example.org` (its subdomains, not itself). */
export const iframeHostPattern = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** IFRAME_HOSTS as the list: comma-separated, trimmed, lower case, empty entries left out. */
export const parseIframeHosts = (text: string): string[] =>
  text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);

/** Whether `url` is an http(s) page on a listed host (port and path do not matter). */
export function iframeUrlAllowed(url: string | null | undefined, hosts: readonly string[]): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const host = parsed.hostname.toLowerCase();
  return hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry));
}

/**
 * The frame's sandbox. A page of another origin keeps scripts and its own origin (its maps, videos
 * and logins work): the browser's same-origin policy still keeps it out of the app's page, cookies
 * and storage, and the sandbox takes away top navigation, forms to us and plugins. A page of the
 * app's own origin must not have both: with allow-scripts and allow-same-origin together it could
 * remove its own sandbox and act as the app, so it runs scripts in an opaque origin instead.
 */
export function iframeSandbox(url: string, appOrigin: string): string {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return '';
  }
  return origin === appOrigin ? 'allow-scripts allow-popups' : 'allow-scripts allow-same-origin allow-popups';
}
