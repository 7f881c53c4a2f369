import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { UploadButton } from '../../../web/components/upload-button/upload-button.tsx';
import { setLanguage } from '../../../web/lib/i18n/i18n.ts';
import type { UploadedFile } from '../../../web/lib/upload.ts';
import type { Language } from '../../../schemas/api/user.ts';
import '../../../web/styles.css';

// The upload button alone on a page of the real server (tests/e2e/upload-button.e2e.spec.ts): the
// places that use it (the message view, the reply box) are other screens; this shows the control
// itself, uploading through web/lib/upload.ts with the page's session, and the thumbnails of what
// was stored.

await setLanguage((new URLSearchParams(location.search).get('lang') as Language | null) ?? 'fin');

function Harness() {
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <main style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 640 }}>
      <UploadButton onUploaded={(stored) => setFiles((all) => [...all, ...stored])} onUploadingChange={setUploading} />
      <p data-testid="harness-uploading">{String(uploading)}</p>
      <ul data-testid="harness-files" style={{ display: 'flex', gap: 12, listStyle: 'none', padding: 0 }}>
        {files.map((file) => (
          <li key={file.id} data-file-id={file.id}>
            {file.contentType.startsWith('image/') ? <img src={`/api/file/${file.id}/thumbnail?width=250`} alt={file.name} width={250} /> : file.name}
          </li>
        ))}
      </ul>
    </main>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('no #root');
createRoot(container).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
