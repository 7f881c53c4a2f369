import { useEffect, useState } from 'react';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { bearerToken, errorFromResponse } from '../../lib/api-client.ts';

// Spec 1 section 2: the footer's help text is the user's own (uiParams.instructions.Footer), or else
// the footer file's (footerFileId, an HTML file of the library), or else none and the shell shows
// the default footer. Sanitised either way: both are written by people, not by the product.
// The sanitiser (DOMPurify, 12 KB gzip) loads with the first help text to show, not with every
// screen's first script (issue 21 item 3): most users have none, and the default footer shows
// meanwhile. Pages that show people's HTML as what they are for (messages, recipes) import it
// themselves, so `npm run size` counts it there.

const sanitizer = () => import('../../lib/safe-html.ts');

async function fileText(fileId: number): Promise<string> {
  const token = bearerToken();
  const response = await fetch(`/api/file/${fileId}`, { credentials: 'same-origin', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await errorFromResponse(response);
  return response.text();
}

/** The footer's help text as safe HTML; null while there is none (then the default footer shows). */
export function useFooterHtml(user: Pick<CurrentUser, 'uiParams' | 'footerFileId'>): string | null {
  const own = user.uiParams.instructions?.Footer?.trim() || null;
  const fileId = own ? null : user.footerFileId;
  const [fromFile, setFromFile] = useState<{ fileId: number; html: string } | null>(null);
  useEffect(() => {
    if (fileId === null) return undefined;
    let current = true;
    fileText(fileId)
      .then((text) => current && setFromFile({ fileId, html: text }))
      // Only logged (spec 1 section 8): without its file the footer shows the default text.
      .catch((error: unknown) => console.warn('Footer file failed', error));
    return () => {
      current = false;
    };
  }, [fileId]);
  const html = own ?? (fromFile && fromFile.fileId === fileId ? fromFile.html : null);
  const [sanitized, setSanitized] = useState<{ html: string; safe: string } | null>(null);
  useEffect(() => {
    if (!html) return undefined;
    let current = true;
    sanitizer()
      .then(({ sanitizeHtml }) => current && setSanitized({ html, safe: sanitizeHtml(html).trim() }))
      .catch((error: unknown) => console.warn('Footer text could not be made safe', error));
    return () => {
      current = false;
    };
  }, [html]);
  if (!html || !sanitized || sanitized.html !== html) return null;
  return sanitized.safe === '' ? null : sanitized.safe;
}
