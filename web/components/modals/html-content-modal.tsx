import DOMPurify from 'dompurify';
import { stringProp } from './modal-rules.ts';
import './content-modals.css';

/** HTML from the library or a user's instructions, shown without scripts, styles or forms. */
export const sanitizeContentHtml = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });

/** SHOW_HTML_CONTENT: a title and a piece of HTML (a description too long for its row). */
export function HtmlContentModal({ props }: { props: Record<string, unknown> }) {
  const title = stringProp(props.title);
  return (
    <div className="html-content-modal" data-testid="html-content-modal">
      {title && <h2>{title}</h2>}
      <div dangerouslySetInnerHTML={{ __html: sanitizeContentHtml(stringProp(props.html) ?? '') }} />
    </div>
  );
}
