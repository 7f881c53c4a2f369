import type { ReactNode } from 'react';

// Spec 1 section 3: an audio file may have a cover (imageId). A list row shows it beside the name,
// from the thumbnail route at the spec's thumbnail width (250, section 9); a file without one
// shows the name alone.

export const thumbnailWidth = 250;

export function WithCover({ imageId, children }: { imageId: number | null; children: ReactNode }) {
  return (
    <div className="with-cover">
      {imageId !== null && <img className="list-cover" src={`/api/file/${imageId}/thumbnail?width=${thumbnailWidth}`} alt="" loading="lazy" data-testid="list-cover" />}
      {children}
    </div>
  );
}
