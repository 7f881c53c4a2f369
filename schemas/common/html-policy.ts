// The one policy for HTML that people write (message items, recipe and audio file descriptions,
// favorite list descriptions): what may be stored, served and shown (issue 37 item 4). The server
// cleans every HTML field with it when a command writes it and when an old event or row is read
// (schemas/common/safe-html.ts); the browser cleans again with DOMPurify and the same lists
// (web/lib/safe-html.ts), for HTML that never passed a command (library HTML files, rows from
// before this policy). Plain values, so the browser can import it (eslint.config.js zodFreeSchemaFiles).
//
// What it keeps is ordinary formatting. What it removes, and why:
// - script, style, iframe, object, embed, form and input elements, and every on* handler: they run
//   code or post data as the reader;
// - style, class and id attributes: a position:fixed block covers the app with a fake login page,
//   and class and id borrow the app's own CSS rules to do the same;
// - links other than http:, https:, mailto: and tel: (javascript:, data:, relative paths to our
//   own API); tel: because a home's footer gives its phone number, and a call runs nothing here;
// - images other than the app's own files (GET /api/file/{id}, or its thumbnail), so that opening
//   a message loads no address of its author's choosing.

export const htmlTags = [
  'p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'abbr', 'q', 'cite',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'figure', 'figcaption', 'details', 'summary', 'img', 'a',
] as const;

/** Attributes each tag may keep; `*` for every tag. */
export const htmlAttributes: Readonly<Record<string, readonly string[]>> = {
  '*': ['title', 'lang', 'dir'],
  a: ['href'],
  details: ['open'],
  img: ['src', 'alt', 'width', 'height'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
};

/** Where a link may go: the web, mail and the phone. */
export const linkUrlPattern = /^(?:https?:\/\/|mailto:|tel:)/i;
/** Where an image may come from: the app's own files. */
export const imageUrlPattern = /^\/api\/file\/\d{1,10}(?:\/thumbnail(?:\?width=\d{1,5})?)?$/;

/** Whether an attribute holding a URL (href, src) may keep `value`; other attributes are not URLs. */
export function keepsHtmlUrl(attribute: string, value: string): boolean {
  if (attribute === 'href') return linkUrlPattern.test(value.trim());
  if (attribute === 'src') return imageUrlPattern.test(value.trim());
  return true;
}
