import { useTranslation } from 'react-i18next';
import { pagedListPages } from '../paged-list.ts';

/** Previous/Next, the first two pages and the last, with ellipses (spec 1 section 2). */
export function PagedListNav({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="paged-list-nav" aria-label={t('Pages')} data-testid="favorites-pager">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('Previous')}
      </button>
      {pagedListPages(page, pageCount).map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`e${i}`} className="paged-list-ellipsis" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={item === page ? 'paged-list-page current' : 'paged-list-page'}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('Next')}
      </button>
    </nav>
  );
}
