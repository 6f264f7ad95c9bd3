/** What the photo is cut to: 3 wide by 4 high, as on the card. */
export const PHOTO_RATIO = 3 / 4;
/** The crop is sent at most this high: the server keeps 1200 px, so more would only travel. */
const CROP_MAX_HEIGHT = 1200;
export const MAX_ZOOM = 3;

export interface CropView {
  /** 1 = the largest 3:4 frame the picture holds; up to MAX_ZOOM. */
  zoom: number;
  /** Where the frame sits in the room it has, 0..1 each way (0.5 = centred). */
  x: number;
  y: number;
}

export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

export const CENTRED: CropView = { zoom: 1, x: 0.5, y: 0.5 };

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The part of a `width` × `height` picture the frame shows: always 3:4 and inside the picture. */
export function cropRect(width: number, height: number, view: CropView): CropRect {
  const zoom = clamp(view.zoom, 1, MAX_ZOOM);
  const fullHeight = Math.min(height, width / PHOTO_RATIO);
  const sh = fullHeight / zoom;
  const sw = sh * PHOTO_RATIO;
  return { sx: (width - sw) * clamp(view.x, 0, 1), sy: (height - sh) * clamp(view.y, 0, 1), sw, sh };
}

/** The size the crop is drawn at: its own pixels, no more than CROP_MAX_HEIGHT high, in 3:4. */
function outputSize(rect: CropRect): { width: number; height: number } {
  const height = Math.max(4, Math.round(Math.min(rect.sh, CROP_MAX_HEIGHT)));
  return { width: Math.round(height * PHOTO_RATIO), height };
}

/** Draws the crop of `image` on `canvas` (resized to `size`). */
export function drawCrop(canvas: HTMLCanvasElement, image: CanvasImageSource, rect: CropRect, size: { width: number; height: number }): void {
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, rect.sx, rect.sy, rect.sw, rect.sh, 0, 0, size.width, size.height);
}

/** The crop as the JPEG that is uploaded. */
export function cropToBlob(image: CanvasImageSource, rect: CropRect): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawCrop(canvas, image, rect, outputSize(rect));
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), 'image/jpeg', 0.9));
}
