import sanitize from 'sanitize-html';
import { SafeText } from './safe.ts';
import { htmlAttributes, htmlTags, keepsHtmlUrl } from './html-policy.ts';

// HTML as the server stores and serves it: schemas/common/html-policy.ts applied by sanitize-html
// (a parser of its own, no DOM needed in Node). Request schemas take HTML fields through SafeHtml,
// so a command never sees raw HTML; the event store and the read side run sanitizeHtml over what was
// written before this policy. Cleaning clean HTML gives it back unchanged, so doing it again on read
// costs a parse and changes nothing.

// allowedEmptyAttributes is an option of sanitize-html 2.x that its published types leave out.
const options: sanitize.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [...htmlTags],
  allowedAttributes: Object.fromEntries(Object.entries(htmlAttributes).map(([tag, names]) => [tag, [...names]])),
  // A second guard behind keepsHtmlUrl below, which also refuses relative links.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // <details open> keeps its empty attribute (an empty alt too); others without a value are dropped.
  allowedEmptyAttributes: ['alt', 'open'],
  // Dropped with their content, not unwrapped into text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: urlsKept(attribs) }),
    img: (tagName, attribs) => ({ tagName, attribs: urlsKept(attribs) }),
  },
  // An image without an allowed source shows nothing: dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function urlsKept(attribs: sanitize.Attributes): sanitize.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([name, value]) => keepsHtmlUrl(name, value)));
}

/** `html` as the policy allows it (schemas/common/html-policy.ts). */
export const sanitizeHtml = (html: string): string => sanitize(html, options);

/** An HTML field of a request: safe text of at most `max` characters, cleaned to the policy. */
export const SafeHtml = (max: number) => SafeText.max(max).transform(sanitizeHtml);
