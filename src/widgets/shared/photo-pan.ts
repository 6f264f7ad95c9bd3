// Moving the picture inside its 3:4 frame, by pointer or by arrow key. Apart from the crop itself
// (photo-crop.ts, loaded with the core's upload calls on every staff page): only the pages that
// frame a photo (the public application form, a member's or an application's files) load this.
import { clamp, cropRect, type CropView } from './photo-crop.js';

/**
 * The view after the picture was dragged by (dx, dy) screen pixels on a frame drawn
 * `shownWidth` pixels wide: the picture follows the pointer (a move right shows more of its left).
 */
export function panView(view: CropView, width: number, height: number, dx: number, dy: number, shownWidth: number): CropView {
  const rect = cropRect(width, height, view);
  const scale = rect.sw / shownWidth;
  const roomX = width - rect.sw;
  const roomY = height - rect.sh;
  return {
    ...view,
    x: roomX > 0 ? clamp(view.x - (dx * scale) / roomX, 0, 1) : view.x,
    y: roomY > 0 ? clamp(view.y - (dy * scale) / roomY, 0, 1) : view.y,
  };
}

/** How far one arrow key moves the picture: a twentieth of the room it has that way. */
const KEY_STEP = 0.05;
const KEY_MOVES: Record<string, readonly [dx: number, dy: number]> = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

/** The view after an arrow key, which moves the picture as a drag that way would; null for any other key. */
export function nudgeView(view: CropView, key: string): CropView | null {
  const move = KEY_MOVES[key];
  if (!move) return null;
  return { ...view, x: clamp(view.x + move[0] * KEY_STEP, 0, 1), y: clamp(view.y + move[1] * KEY_STEP, 0, 1) };
}
