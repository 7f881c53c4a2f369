import DOMPurify from 'dompurify';

/** HTML written by people (instructions, footer files) as the page may show it: no scripts, styles or forms. */
export const sanitizeHtml = (html: string): string => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
