import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../../schemas/api/message-replies.ts';
import { i18n, setLanguage } from '../../lib/i18n/i18n.ts';
import { MessageReplies } from './message-replies.tsx';

const reply = (over: Partial<Reply>): Reply => ({
  id: '6f1c2a52-1d8e-4d3a-9a55-0c1f7e3b2a10',
  messageId: 1,
  reply: 'Thank you',
  replyFileId: null,
  replyFileContentType: null,
  replyFileName: null,
  time: '2026-01-03T07:05:00.000Z',
  userId: 2,
  userName: 'Pekka Virtanen',
  userOrganization: 'Kotikallio care home',
  own: false,
  readTime: null,
  ...over,
});

const render = (replies: Reply[]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MessageReplies replies={replies} timeZone="Europe/Helsinki" />
    </I18nextProvider>,
  );

describe('Replies to message:', () => {
  it('shows time D.M.YYYY H:mm, text, writer and organisation, images at width 150 and other files as links', async () => {
    await setLanguage('eng');
    const html = render([
      reply({}),
      reply({ id: '6f1c2a52-1d8e-4d3a-9a55-0c1f7e3b2a11', reply: '', replyFileId: 7, replyFileContentType: 'image/jpeg', replyFileName: 'garden.jpg' }),
      reply({ id: '6f1c2a52-1d8e-4d3a-9a55-0c1f7e3b2a12', replyFileId: 8, replyFileContentType: 'application/pdf', replyFileName: 'menu.pdf' }),
    ]);
    expect(html).toContain('Replies to message:');
    expect(html).toContain('3.1.2026 9:05');
    expect(html).toContain('Thank you');
    expect(html).toContain('Pekka Virtanen');
    expect(html).toContain('Kotikallio care home');
    expect(html).toContain('<img src="/api/file/7" width="150" alt="garden.jpg"/>');
    expect(html).toContain('href="/api/file/8?download=1"');
    expect(html).toContain('menu.pdf');
  });

  it('shows nothing without replies, and the heading in Finnish by default', async () => {
    expect(render([])).toBe('');
    await setLanguage('fin');
    expect(render([reply({})])).toContain('Vastaukset viestiin:');
  });
});
