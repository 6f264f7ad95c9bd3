// Screenshots taken by Chromium (test/browser/support/screenshot-plugin.mjs), decoded here
// so two renderings can be compared pixel by pixel.
import { executeServerCommand } from '@web/test-runner-commands';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8ClampedArray;
}

/** What the page paints in `area` (CSS pixels of the top page, rounded to whole pixels). */
export async function screenshot(area: { x: number; y: number; width: number; height: number }): Promise<Pixels> {
  const clip = {
    x: Math.round(area.x),
    y: Math.round(area.y),
    width: Math.round(area.width),
    height: Math.round(area.height),
  };
  const png = await executeServerCommand<string, typeof clip>('screenshot', clip);
  const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context');
  context.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, data: context.getImageData(0, 0, bitmap.width, bitmap.height).data };
}

/** How many pixels differ between two screenshots of the same size. */
export function differingPixels(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`Sizes differ: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2] || a.data[i + 3] !== b.data[i + 3]) count += 1;
  }
  return count;
}

/** How many pixels have exactly this colour (a check that a screenshot shows what it should). */
export function pixelsOfColour(pixels: Pixels, [r, g, b]: readonly [number, number, number]): number {
  let count = 0;
  for (let i = 0; i < pixels.data.length; i += 4) {
    if (pixels.data[i] === r && pixels.data[i + 1] === g && pixels.data[i + 2] === b) count += 1;
  }
  return count;
}
