import { useTranslation } from 'react-i18next';
import { hideModal } from '../../lib/modal-stack.ts';
import { iframeHeight, stringProp } from './modal-rules.ts';
import './content-modals.css';

/** Only web addresses are framed. */
const frameable = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** IFrame (spec 1 section 2): a page in a frame, 600 px high unless taller is asked, and Close Window. */
export function IFrameModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const url = frameable(stringProp(props.url));
  return (
    <div className="iframe-modal" data-testid="iframe-modal">
      {url ? <iframe src={url} title={stringProp(props.title) ?? url} height={iframeHeight(props.height)} sandbox="allow-scripts allow-same-origin allow-popups" /> : <p>{t('No address')}</p>}
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={hideModal} data-testid="close-window">
          {t('Close Window')}
        </button>
      </div>
    </div>
  );
}
