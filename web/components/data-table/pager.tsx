import { useTranslation } from 'react-i18next';
import { pagerItems } from '../../lib/pager.ts';
import './data-table.css';

interface PagerProps {
  pageIndex: number;
  pageCount: number;
  onPage: (index: number) => void;
}

/** The spec's pager (lib/pager.ts) with previous and next steps around it. */
export function Pager({ pageIndex, pageCount, onPage }: PagerProps) {
  const { t } = useTranslation();
  const items = pagerItems(pageIndex, pageCount);
  if (items.length === 0) return null;
  return (
    <nav className="pager" aria-label={t('Pages')} data-testid="pager">
      <button type="button" className="pager-step" disabled={pageIndex <= 0} onClick={() => onPage(pageIndex - 1)} aria-label={t('Previous page')}>
        ‹
      </button>
      {items.map((item, position) =>
        item.kind === 'ellipsis' ? (
          <span key={`ellipsis-${position}`} className="pager-ellipsis" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.index}
            type="button"
            className={item.current ? 'pager-page current' : 'pager-page'}
            aria-current={item.current ? 'page' : undefined}
            onClick={() => onPage(item.index)}
          >
            {item.index + 1}
          </button>
        ),
      )}
      <button
        type="button"
        className="pager-step"
        disabled={pageIndex >= pageCount - 1}
        onClick={() => onPage(pageIndex + 1)}
        aria-label={t('Next page')}
      >
        ›
      </button>
    </nav>
  );
}
