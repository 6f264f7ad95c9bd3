import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import styled from 'styled-components';
import { Button, space, token } from '../kit/index.js';
import { CENTRED, cropRect, cropToBlob, drawCrop, MAX_ZOOM, type CropView } from './photo-crop.js';
import { panView } from './photo-pan.js';
import { UploadProgress } from './upload-progress.js';
import { uploadFailureText, UPLOAD_TEXTS as T } from './upload-texts.js';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 8 * 1024 * 1024;
const PREVIEW = { width: 150, height: 200 };

const Box = styled.section`
  display: grid;
  gap: ${space(1)};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)};
  align-items: flex-start;
`;
const Frame = styled.canvas`
  width: ${PREVIEW.width}px;
  height: ${PREVIEW.height}px;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
  cursor: grab;
  touch-action: none;
`;
const Current = styled.img`
  width: ${PREVIEW.width}px;
  height: ${PREVIEW.height}px;
  object-fit: cover;
  border: 1px solid ${token('color-border')};
  border-radius: ${token('radius')};
`;
const Controls = styled.div`
  display: grid;
  gap: ${space(0.5)};
  min-width: 12rem;
  label {
    font-weight: 600;
  }
`;
const Hint = styled.p`
  margin: 0;
  color: ${token('color-text-muted')};
`;
/** Deleting the photo: a small secondary action under the controls, never a full-width red bar. */
const RemoveButton = styled(Button)`
  justify-self: start;
  min-height: 1.75rem;
  padding: ${space(0.5)} ${space(1.5)};
  font-size: 0.875em;
  font-weight: 500;
  color: ${token('color-danger')};
`;

const Problem = styled.p`
  margin: 0;
  color: ${token('color-danger')};
`;

export interface PhotoUploadProps {
  /** The photo there is now (an address the page may show, e.g. a blob: URL), if any. */
  currentUrl?: string | null;
  /** Sends the cropped JPEG (the member's or the application's photo); rejects with the call's error. */
  upload(photo: Blob, fileName: string): Promise<unknown>;
  /** 0..100 while the upload runs, else null (the core's `uploads.progress`, or the form's own). */
  progress: number | null;
  /** Deletes the current photo; without it there is no delete button. */
  remove?: () => Promise<unknown>;
  heading?: string;
}

/**
 * Choosing a photo, framing it in 3:4 (drag the picture, or the sliders: zoom and position,
 * usable by keyboard), a preview of exactly what is sent, the upload's percentage and, when it
 * fails, why in pt-PT. The crop is made here, on a canvas; the server re-encodes what it gets.
 */
export function PhotoUpload({ currentUrl, upload, progress, remove, heading = T.photo }: PhotoUploadProps) {
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [name, setName] = useState('fotografia.jpg');
  const [view, setView] = useState<CropView>(CENTRED);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (image && canvas.current) drawCrop(canvas.current, image, cropRect(image.naturalWidth, image.naturalHeight, view), { width: PREVIEW.width * 2, height: PREVIEW.height * 2 });
  }, [image, view]);

  function choose(file: File | undefined) {
    setProblem(null);
    setDone(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(T.notAnImage);
    if (file.size > MAX_BYTES) return setProblem(T.photoTooLarge);
    const address = URL.createObjectURL(file);
    const picture = new Image();
    picture.onload = () => {
      setName(file.name.replace(/\.[^.]*$/, '') + '.jpg');
      setView(CENTRED);
      setImage(picture);
    };
    picture.onerror = () => {
      URL.revokeObjectURL(address);
      setProblem(T.unreadableImage);
    };
    picture.src = address;
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    if (!drag.current || !image) return;
    const [dx, dy, shown] = [event.clientX - drag.current.x, event.clientY - drag.current.y, event.currentTarget.clientWidth];
    drag.current = { x: event.clientX, y: event.clientY };
    setView((v) => panView(v, image.naturalWidth, image.naturalHeight, dx, dy, shown));
  }

  async function send() {
    if (!image) return;
    setBusy(true);
    setProblem(null);
    try {
      await upload(await cropToBlob(image, cropRect(image.naturalWidth, image.naturalHeight, view)), name);
      URL.revokeObjectURL(image.src);
      setImage(null);
      setDone(T.photoSent);
    } catch (error) {
      setProblem(uploadFailureText(error));
    } finally {
      setBusy(false);
    }
  }

  async function removeCurrent() {
    setProblem(null);
    try {
      await remove?.();
    } catch (error) {
      setProblem(uploadFailureText(error));
    }
  }

  const slider = (key: keyof CropView, label: string, min: number, max: number, step: number, scale = 1) => (
    <>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} type="range" min={min} max={max} step={step} value={view[key] * scale} disabled={busy} onChange={(e) => setView((v) => ({ ...v, [key]: Number(e.target.value) / scale }))} />
    </>
  );

  return (
    <Box aria-labelledby={`${id}-heading`} data-photo-upload>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <Row>
        {image ? (
          <Frame ref={canvas} role="img" aria-label={T.preview} onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => (drag.current = null)} onPointerCancel={() => (drag.current = null)} />
        ) : currentUrl ? (
          <Current src={currentUrl} alt={T.currentPhoto} />
        ) : (
          <Hint>{T.noPhoto}</Hint>
        )}
        <Controls>
          <label htmlFor={`${id}-file`}>{T.choosePhoto}</label>
          <input id={`${id}-file`} type="file" accept={IMAGE_TYPES.join(',')} disabled={busy} aria-describedby={`${id}-hint`} onChange={(e) => choose(e.target.files?.[0])} />
          <Hint id={`${id}-hint`}>{T.photoHint}</Hint>
          {image && (
            <>
              {slider('zoom', T.zoom, 1, MAX_ZOOM, 0.1)}
              {slider('x', T.horizontal, 0, 100, 1, 100)}
              {slider('y', T.vertical, 0, 100, 1, 100)}
              <Row>
                <Button type="button" onClick={() => void send()} disabled={busy}>
                  {T.sendPhoto}
                </Button>
                <Button type="button" variant="secondary" disabled={busy} onClick={() => setImage(null)}>
                  {T.cancel}
                </Button>
              </Row>
            </>
          )}
          {!image && currentUrl && remove && (
            <RemoveButton type="button" variant="secondary" onClick={() => void removeCurrent()} data-action="remove-photo">
              {T.removePhoto}
            </RemoveButton>
          )}
        </Controls>
      </Row>
      <UploadProgress percent={busy ? progress : null} />
      {problem && <Problem role="alert">{problem}</Problem>}
      {done && <p role="status">{done}</p>}
    </Box>
  );
}
