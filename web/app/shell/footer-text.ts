import { useEffect, useState } from 'react';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { bearerToken, errorFromResponse } from '../../lib/api-client.ts';
import { sanitizeHtml } from '../../lib/safe-html.ts';

// Spec 1 section 2: the footer's help text is the user's own (uiParams.instructions.Footer), or else
// the footer file's (footerFileId, an HTML file of the library), or else none and the shell shows
// the default footer. Sanitised either way: both are written by people, not by the product.

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
  if (!html) return null;
  const safe = sanitizeHtml(html).trim();
  return safe === '' ? null : safe;
}
