import { useEffect, useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
// The crop's pure parts and the kit's by their own paths: the shared photo part and the kit's
// index would load the core, and this element must stay within its budget (scripts/size.mjs).
import { cropRect, drawCrop, type CropView } from '../shared/photo-crop.js';
import { nudgeView, panView } from '../shared/photo-pan.js';
import { focusRing } from '../kit/focus-ring.js';
import { space, token } from '../kit/tokens.js';
import { APPLICATION_FORM_TEXTS as T } from './texts.js';

const Frame = styled.canvas`
  display: block;
  width: 120px;
  height: 160px;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  cursor: grab;
  touch-action: none;
  ${focusRing}
`;

const Hint = styled.p`
  margin: ${space(0.5)} 0 ${space(2)};
  font-size: 0.875em;
  color: ${token('color-text-muted')};
`;

interface CropFrameProps {
  image: HTMLImageElement;
  view: CropView;
  onView: (change: (view: CropView) => CropView) => void;
}

/**
 * The chosen picture in its 3:4 frame, exactly as it will be sent: dragged with the pointer
 * (mouse, finger) or moved with the arrow keys once focused, the instructions read with it.
 */
export function CropFrame({ image, view, onView }: CropFrameProps) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    if (canvas.current) drawCrop(canvas.current, image, cropRect(image.naturalWidth, image.naturalHeight, view), { width: 240, height: 320 });
  }, [image, view]);

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (!drag.current) return;
    const [dx, dy, shown] = [event.clientX - drag.current.x, event.clientY - drag.current.y, event.currentTarget.clientWidth];
    drag.current = { x: event.clientX, y: event.clientY };
    onView((v) => panView(v, image.naturalWidth, image.naturalHeight, dx, dy, shown));
  }
  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    if (!nudgeView(view, event.key)) return;
    // The arrows move the picture, not the page.
    event.preventDefault();
    onView((v) => nudgeView(v, event.key) ?? v);
  }
  const stop = () => (drag.current = null);

  return (
    <>
      <Frame
        ref={canvas}
        tabIndex={0}
        role="img"
        aria-label={T.photoPreview}
        aria-describedby={`${id}-hint`}
        data-photo-preview
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={stop}
        onPointerCancel={stop}
        onKeyDown={onKeyDown}
      />
      <Hint id={`${id}-hint`}>{T.cropHint}</Hint>
    </>
  );
}
