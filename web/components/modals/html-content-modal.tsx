import { sanitizeHtml } from '../../lib/safe-html.ts';
import { stringProp } from './modal-rules.ts';
import './content-modals.css';

/** SHOW_HTML_CONTENT: a title and a piece of HTML (a description too long for its row). */
export function HtmlContentModal({ props }: { props: Record<string, unknown> }) {
  const title = stringProp(props.title);
  return (
    <div className="html-content-modal" data-testid="html-content-modal">
      {title && <h2>{title}</h2>}
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(stringProp(props.html) ?? '') }} />
    </div>
  );
}
