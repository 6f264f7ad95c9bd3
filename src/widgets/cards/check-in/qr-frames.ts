// Reading a QR code from the camera's frames. The browser's own BarcodeDetector where it
// exists (Chrome and Edge on Android, ChromeOS, macOS); elsewhere jsQR decoding each frame
// drawn on a canvas, imported only when the camera is started, so no other element (and no
// check-in without the camera) ever downloads it.

/** The text of a QR code in the video's current frame, or null. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorClass | null => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;

/** Whether the page can use a camera at all (a secure context with getUserMedia). */
export const hasCamera = (): boolean => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** The QR code in an image's pixels (RGBA, as a canvas gives them), by jsQR. */
export async function decodeImage(image: ImageData): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** Frames are scaled down to this width before jsQR reads them: a card held up fills enough of it. */
const DECODE_WIDTH = 640;

function canvasReader(): FrameReader {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0 || video.videoHeight === 0) return null;
    const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodeImage(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

/** The best reader this browser offers. */
export function frameReader(): FrameReader {
  const Detector = detectorClass();
  if (!Detector) return canvasReader();
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}
