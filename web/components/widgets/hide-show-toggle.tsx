import './widgets.css';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A hide/show toggle (spec 1 section 2): a part of the page folded away until asked for. */
export function HideShowToggle({
  label,
  children,
  initiallyShown = false,
  testId,
  onShownChange,
}: {
  label: string;
  children: ReactNode;
  initiallyShown?: boolean;
  testId?: string;
  /** Told when the part is folded away or shown: a parent keeping the part's values may drop them while hidden. */
  onShownChange?: (shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(initiallyShown);
  const id = useId();
  return (
    <section className="hide-show" data-testid={testId}>
      <button type="button" className="hide-show-button" aria-expanded={shown} aria-controls={id} onClick={() => {
          setShown(!shown);
          onShownChange?.(!shown);
        }} data-testid="hide-show-button">
        <span aria-hidden="true">{shown ? '▾' : '▸'}</span> {label} <span className="hide-show-action">({shown ? t('Hide') : t('Show')})</span>
      </button>
      <div id={id} hidden={!shown}>
        {shown && children}
      </div>
    </section>
  );
}
