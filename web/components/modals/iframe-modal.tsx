import { useTranslation } from 'react-i18next';
import { hideModal } from '../../lib/modal-stack.ts';
import { frameOf } from '../../lib/iframe-hosts.ts';
import { iframeHeight, stringProp } from './modal-rules.ts';
import './content-modals.css';

/** IFrame (spec 1 section 2): a page in a frame, 600 px high unless taller is asked, and Close Window. */
export function IFrameModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  // Only web addresses on the operator's hosts, sandboxed as the item is (frameOf).
  const frame = frameOf(stringProp(props.url));
  return (
    <div className="iframe-modal" data-testid="iframe-modal">
      {frame ? <iframe src={frame.src} title={stringProp(props.title) ?? frame.src} height={iframeHeight(props.height)} sandbox={frame.sandbox} /> : <p>{t('No address')}</p>}
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={hideModal} data-testid="close-window">
          {t('Close Window')}
        </button>
      </div>
    </div>
  );
}
