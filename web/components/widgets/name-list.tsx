import './widgets.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownNames } from './widget-rules.ts';

/** A list of names: 5 of them, then a link that shows the rest (spec 1 section 9). */
export function NameList({ names, testId }: { names: readonly string[]; testId?: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const { shown, hidden } = shownNames(names, expanded);
  return (
    <span className="name-list" data-testid={testId}>
      {shown.join(', ')}
      {hidden > 0 && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={(event) => {
              // The list may sit inside a link (a recipe row): expanding must not follow it.
              event.preventDefault();
              event.stopPropagation();
              setExpanded(true);
            }} data-testid="name-list-expand">
            {t('and {{count}} more', { count: hidden })}
          </button>
        </>
      )}
    </span>
  );
}
