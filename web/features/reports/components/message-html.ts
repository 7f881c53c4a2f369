import DOMPurify from 'dompurify';
import { messageHtmlConfig } from './message-html-config.ts';

// Links inside a message open beside the report rather than in its place.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** A message's HTML as the report may show it (message-html-config.ts). */
export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, messageHtmlConfig);
}
