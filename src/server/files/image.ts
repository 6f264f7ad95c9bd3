import type { ImageType } from './kinds.js';
import { loadSharp } from './sharp.js';

// A photo of a modern phone is ~50 megapixels; more is a decompression bomb, not a photo.
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The image decoded and encoded again in its own format: what is stored is pixels only, with
 * no EXIF (location, camera, owner), XMP, IPTC or comments, and no bytes a decoder ignores.
 * The EXIF orientation is applied to the pixels first, so the photo stays upright without it.
 * Throws when the bytes are not a readable image.
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  // sharp keeps no metadata unless told to (withMetadata/keepExif): none is asked for here.
  switch (type) {
    case 'image/jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'image/png':
      return image.png().toBuffer();
    case 'image/webp':
      return image.webp({ quality: 90 }).toBuffer();
  }
}
