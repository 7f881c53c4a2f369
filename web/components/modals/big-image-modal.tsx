import { useEffect, useState } from 'react';
import { FileViewer } from '../file-viewer.tsx';
import { bigImageMaxHeight, stringProp } from './modal-rules.ts';
import './content-modals.css';

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}

/** SHOW_BIG_IMAGE (spec 2 section 7): an image or video at full size, held to a short window. */
export function BigImageModal({ props }: { props: Record<string, unknown> }) {
  const src = stringProp(props.src);
  const maxHeight = bigImageMaxHeight(useWindowHeight());
  if (!src) return null;
  return (
    <div className="big-image-modal" data-testid="big-image-modal">
      <FileViewer file={{ src, contentType: stringProp(props.contentType) ?? 'image/', fileName: stringProp(props.alt), vimeoLink: stringProp(props.vimeoLink) }} maxHeight={maxHeight} />
    </div>
  );
}
