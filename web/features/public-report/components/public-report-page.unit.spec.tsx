import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { PublicUsage } from '../../../../schemas/api/public-usage.ts';
import { i18n, setLanguage } from '../../../lib/i18n/i18n.ts';
import { contentTypeSlices, PublicReportTable } from './public-report-page.tsx';

// Issue 17 item 8: the public report's Unit column names the reported unit (the answer's
// unitName), not whoever views it, and its pie "by content type" is sliced by content type, not
// by category.

const usage: PublicUsage = {
  startTime: '2026-01-13T22:00:00.000Z',
  endTime: '2026-01-20T22:00:00.000Z',
  userId: 7,
  unitName: 'Kotikallio, osasto 2',
  summaryData: { sessionCount: 3, sessionTotalLength: 1020 },
  categorySummary: [{ categoryName: 'Sing', sessionCount: 2 }, { categoryName: 'Songs', sessionCount: 2 }, { categoryName: 'Hymns', sessionCount: 1 }],
  contentTypeSummary: [{ contentType: 'Music', sessionCount: 3 }, { contentType: 'SingAlong', sessionCount: 2 }],
};

describe('the public report', () => {
  it('names the unit in the Unit column with the figures its flags allow', async () => {
    await setLanguage('eng');
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <PublicReportTable usage={usage} showCount showTime />
      </I18nextProvider>,
    );
    expect(html).toContain('<td>Kotikallio, osasto 2</td>');
    expect(html).toContain('<td class="num">3</td>');
    expect(html).toContain('<td class="num">00:17:00</td>');
  });

  it('slices the content type pie by content type', () => {
    expect(contentTypeSlices(usage)).toEqual([
      { contentType: 'Music', value: 3 },
      { contentType: 'SingAlong', value: 2 },
    ]);
  });
});
