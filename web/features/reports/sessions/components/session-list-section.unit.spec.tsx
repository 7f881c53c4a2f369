import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { UsageSessions } from '../../../../../schemas/api/usage-report.ts';
import { i18n, setLanguage } from '../../../../lib/i18n/i18n.ts';
import { SessionCards } from './session-list-section.tsx';

// Issue 17 item 8: the session list shows a unit's sessions in the unit's time zone (the answer's
// timeZone), whoever views it: a Stockholm unit's session at 23:30 is 00:30 the next day in
// Helsinki, and must read 15.1.2026 23:30 to its Helsinki administrator too.

const session: UsageSessions['sessions'][number] = {
  sessionId: '6f1c2a52-1d8e-4d3a-9a55-0c1f7e3b2a10',
  kind: 'implicit',
  day: '2026-01-15',
  startTime: '2026-01-15T22:30:00.000Z',
  endTime: '2026-01-15T22:50:00.000Z',
  duration: 1200,
  short: false,
  usage: { GuidedUsage: 0, ContinuousMusic: 1200, ContinuousPrograms: 0, OtherUsage: 0 },
  participants: [],
  activities: [],
  outdoors: false,
  plays: [],
  usageTypeInfo: [],
  gamePlayList: [],
  audioFilePlayList: [],
  videoFilePlaylist: [],
  messageDurations: {},
  messageClicks: {},
  categoryDurations: {},
  audioFileDurations: {},
};

const answer = (timeZone: string): UsageSessions => ({ userId: 7, timeZone, first: '2026-01-15', last: '2026-01-15', totalUsage: 1200, sessions: [session] });

const render = (list: UsageSessions) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <SessionCards answer={list} sessions={list.sessions} />
    </I18nextProvider>,
  );

describe('the session list', () => {
  it('shows a Stockholm unit\'s session near midnight at its Stockholm time and day', async () => {
    await setLanguage('eng');
    const html = render(answer('Europe/Stockholm'));
    expect(html).toContain('15.1.2026 23:30 – 23:50');
    expect(html).not.toContain('16.1.2026');
  });

  it('shows the same instant as the next day for a Helsinki unit', async () => {
    await setLanguage('eng');
    expect(render(answer('Europe/Helsinki'))).toContain('16.1.2026 0:30 – 0:50');
  });
});
