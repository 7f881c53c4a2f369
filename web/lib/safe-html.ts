import DOMPurify from 'dompurify';
import { htmlAttributes, htmlTags, imageUrlPattern, keepsHtmlUrl, linkUrlPattern } from '../../schemas/common/html-policy.ts';

// The browser's half of the one HTML policy (schemas/common/html-policy.ts, issue 37 item 4). The
// server cleans every HTML field to it before storing and serving, so this pass changes nothing in
// what commands wrote; it is for HTML that never passed a command (library HTML files: the footer
// and Info files) and a second guard for everything else. Every page that shows people's HTML
// (messages, the report, recipes, the info and content windows, the footer) cleans it here.

const everyTag = htmlAttributes['*'] ?? [];
const attributes = [...new Set(Object.values(htmlAttributes).flat())];
const config = {
  ALLOWED_TAGS: [...htmlTags],
  ALLOWED_ATTR: attributes,
  // DOMPurify checks the URI pattern on every attribute it does not know as URI-safe (colspan="2"
  // would fail it): only href and src hold URLs here.
  ADD_URI_SAFE_ATTR: attributes.filter((name) => name !== 'href' && name !== 'src'),
  // Either kind of URL here; the hook below says which attribute may hold which.
  ALLOWED_URI_REGEXP: new RegExp(`(?:${linkUrlPattern.source})|(?:${imageUrlPattern.source})`, 'i'),
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

// Attributes by tag (an href on an <a> only) and URLs by attribute: links to the web and mail,
// images from the app's own files. DOMPurify has one instance per page, and everything goes through here.
DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  const own = htmlAttributes[node.nodeName.toLowerCase()] ?? [];
  if (!(own.includes(data.attrName) || everyTag.includes(data.attrName)) || !keepsHtmlUrl(data.attrName, data.attrValue)) data.keepAttr = false;
});

/** HTML written by people as the page may show it (schemas/common/html-policy.ts). */
export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, config);
