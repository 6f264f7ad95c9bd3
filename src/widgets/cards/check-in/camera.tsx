// Reading QR codes with the device's camera, frame by frame (qr-frames.ts: the browser's
// BarcodeDetector, or jsQR loaded on demand). Without a camera (no getUserMedia: an insecure
// page, an old browser) the page says so and the keyboard-wedge scanner or typing remains.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, space, token } from '../../kit/index.js';
import { frameReader, hasCamera } from './qr-frames.js';
import { CARDS_TEXTS as T } from '../texts.js';

/** How often a frame is read, and how long the same code held in front of the camera counts once. */
const FRAME_MS = 250;
const SAME_CODE_MS = 3000;

const Video = styled.video`
  display: block;
  width: min(100%, 28rem);
  margin-top: ${space(1)};
  border-radius: ${token('radius')};
  background: #000000;
`;

const Note = styled.p`
  margin: 0;
  color: ${token('color-text-muted')};
`;

/** A camera that hands each QR code it reads to `onCode`; off until asked. */
export function CameraScanner({ onCode }: { onCode(value: string): void }) {
  const [supported] = useState(hasCamera);
  const [on, setOn] = useState(false);
  const [denied, setDenied] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const last = { value: '', at: 0 };
    const read = frameReader();
    // One frame at a time: the next is read once this one is done (jsQR on a slow phone takes a while).
    const next = (element: HTMLVideoElement) => {
      timer = setTimeout(() => {
        read(element).then(
          (value) => {
            if (!live) return;
            const now = Date.now();
            if (value && !(value === last.value && now - last.at < SAME_CODE_MS)) {
              last.value = value;
              last.at = now;
              latest.current(value);
            }
            next(element);
          },
          () => live && next(element),
        );
      }, FRAME_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        if (!live) return media.getTracks().forEach((track) => track.stop());
        stream = media;
        const element = video.current!;
        element.srcObject = media;
        await element.play();
        next(element);
      })
      .catch(() => {
        if (live) {
          setDenied(true);
          setOn(false);
        }
      });
    return () => {
      live = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  if (!supported) return <Note data-camera-unsupported>{T.cameraUnsupported}</Note>;
  return (
    <div>
      <Button variant="secondary" onClick={() => setOn((current) => !current)} aria-pressed={on}>
        {on ? T.cameraStop : T.cameraStart}
      </Button>
      {denied && <Note role="alert">{T.cameraDenied}</Note>}
      {on && <Video ref={video} aria-label={T.cameraLabel} muted playsInline data-camera />}
    </div>
  );
}
