import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { temporaryFileStore } from './support/library-kit.ts';
import { multipartBody } from './support/multipart.ts';

// Issue 37 item 8: a PDF with an OpenAction script was served inline from the app's origin, so a
// link to it opened it in the browser's PDF viewer there. The app shows no PDF inline (the file
// viewer offers PDFs as downloads, web/components/modals/modal-rules.ts), so a PDF is always an
// attachment, whole or in ranges; pictures stay inline for the <img> that shows them.

const scriptedPdf =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction 3 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n3 0 obj<</S/JavaScript/JS(app.alert\\(1\\))>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

describe('stored PDFs', () => {
  let t: TestApp;
  let user: TestUser;
  let cookie: string;
  const store = temporaryFileStore();

  beforeAll(async () => {
    t = await buildTestApp({ files: store.files });
    user = await t.createUser();
    cookie = (await t.login(user)).cookie;
  });
  afterAll(async () => {
    await t?.close();
    store.remove();
  });

  const upload = async (filename: string, contentType: string, bytes: Uint8Array | string) => {
    const { payload, headers } = multipartBody([{ field: 'file0', filename, contentType, bytes }]);
    const answer = await t.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { id: number }[])[0]!.id;
  };
  const read = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it('should serve a PDF as an attachment, never inline, whole or in ranges', async () => {
    const id = await upload('ohjelma.pdf', 'application/pdf', scriptedPdf);
    for (const answer of [await read(`/api/file/${id}`), await read(`/api/file/${id}?download=1`), await read(`/api/file/${id}`, { range: 'bytes=0-9' })]) {
      expect(answer.statusCode).toBeLessThan(300);
      expect(answer.headers['content-type']).toContain('application/pdf');
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="ohjelma\.pdf"/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('should keep pictures inline', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } }).png().toBuffer();
    const id = await upload('kuva.png', 'image/png', png);
    const answer = await read(`/api/file/${id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBeUndefined();
  });
});
