import { sanitizeHtml } from '../../../lib/safe-html.ts';

/**
 * A message's HTML as the report may show it: the one HTML policy (schemas/common/html-policy.ts),
 * and its links open beside the report rather than in its place.
 */
export function sanitizeMessageHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  for (const link of template.content.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
