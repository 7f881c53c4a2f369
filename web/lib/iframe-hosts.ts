import { iframeSandbox, iframeUrlAllowed } from '../../schemas/api/iframe-hosts.ts';

// The hosts IFrame message items may frame (IFRAME_HOSTS), as GET /api/ gave them at login
// (`iframeHosts`; the session store sets them). None until then, and none after logout.

let hosts: readonly string[] = [];

export function setIframeHosts(list: readonly string[] | undefined): void {
  hosts = list ?? [];
}

/** Only web and mail links are followed (the server refuses others; items stored before may have them). */
export const safeUrl = (url: string | null | undefined) => (url && /^(https?:|mailto:)/i.test(url) ? url : null);

/**
 * An IFrame item's page, if the browser may frame it: only a web address on a listed host, also
 * for items stored before the list. With its sandbox: a page of the app's own origin never gets
 * scripts and that origin together (schemas/api/iframe-hosts.ts says why).
 */
export function frameOf(url: string | null | undefined): { src: string; sandbox: string } | null {
  const src = safeUrl(url);
  if (!src || !iframeUrlAllowed(src, hosts)) return null;
  return { src, sandbox: iframeSandbox(src, globalThis.location?.origin ?? 'null') };
}
