import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageItem } from '../../../schemas/api/messages.ts';
import { i18n, setLanguage } from '../../lib/i18n/i18n.ts';
import { setIframeHosts } from '../../lib/iframe-hosts.ts';
import { MessageItemView } from './message-item-view.tsx';

// DOMPurify needs a DOM, which unit tests have none of; no HTML item is rendered here.
vi.mock('../../lib/safe-html.ts', () => ({ sanitizeHtml: (html: string) => html }));

// Issue 37 item 8: an IFrame item frames only pages on the operator's hosts (GET /api/'s
// iframeHosts, IFRAME_HOSTS), also items stored before the list; a page of the app's own origin
// never gets allow-scripts and allow-same-origin together.

const frame = (url: string): MessageItem =>
  ({ id: 1, messageId: 1, order: 0, type: 'IFrame', html: null, audioFileId: null, recipeId: null, fileId: null, url, contentType: null, trackClicks: false, width: null, iframeHeight: 700, userTagGroupId: null, audioFileName: null }) as MessageItem;

const render = (item: MessageItem) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MessageItemView item={item} />
    </I18nextProvider>,
  );

const signedInWith = (iframeHosts: string[] | undefined) => setIframeHosts(iframeHosts);

describe('an IFrame item', () => {
  afterEach(() => {
    setIframeHosts([]);
  });

  it('frames a page on a listed host, with scripts and its own origin', async () => {
    await setLanguage('eng');
    signedInWith(['maps.example.org']);
    const html = render(frame('https://maps.example.org/embed'));
    expect(html).toContain('<iframe src="https://maps.example.org/embed"');
    expect(html).toContain('sandbox="allow-scripts allow-same-origin allow-popups"');
  });

  it('gives a page of the app\'s own origin scripts without that origin', async () => {
    await setLanguage('eng');
    vi.stubGlobal('location', { origin: 'https://sointu.example' });
    try {
      signedInWith(['sointu.example']);
      const html = render(frame('https://sointu.example/api/ping'));
      expect(html).toContain('<iframe src="https://sointu.example/api/ping"');
      expect(html).toContain('sandbox="allow-scripts allow-popups"');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('frames no page on another host, nor any when nothing is listed', async () => {
    await setLanguage('eng');
    for (const hosts of [['maps.example.org'], [], undefined]) {
      signedInWith(hosts);
      const html = render(frame('https://evil.example/'));
      expect(html).not.toContain('<iframe');
      expect(html).toContain('This page cannot be shown in a message');
    }
  });
});
