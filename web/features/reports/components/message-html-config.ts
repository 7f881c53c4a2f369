// What a message's HTML may keep on the report page. Another user wrote it, so DOMPurify removes
// script as always, and also what lets a note restyle or cover the page: style attributes and
// <style> elements (a position:fixed block over the report), class and id (the page's own CSS
// rules), and URLs other than web and mail links (javascript:, data:). Plain data, so a test can
// hand it to DOMPurify in a real browser (message-html-config.unit.spec.ts).

export const messageHtmlConfig = {
  FORBID_TAGS: ['style', 'link', 'meta', 'base', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'svg', 'math'],
  FORBID_ATTR: ['style', 'class', 'id', 'srcset'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
};
