import type { Sharp } from 'sharp';
import { loadSharp } from '../../files/sharp.js';

/** Heights of what is kept of a photo: the picture (cards print it small) and the thumbnail lists show. */
const PHOTO_MAX_HEIGHT = 1200;
const THUMB_HEIGHT = 240;

export interface PhotoVersions {
  photo: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

const jpeg = (image: Sharp) => image.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });

/**
 * The photo as stored: JPEG at most PHOTO_MAX_HEIGHT high and a THUMB_HEIGHT thumbnail, from
 * an image already checked and stripped of metadata (acceptUpload); no metadata is asked back.
 */
export async function photoVersions(clean: Buffer): Promise<PhotoVersions> {
  // Transparent PNG/WEBP areas become white, as on the printed card, not black.
  const sharp = await loadSharp();
  const base = () => sharp(clean).flatten({ background: '#ffffff' });
  const photo = await jpeg(base().resize({ height: PHOTO_MAX_HEIGHT, withoutEnlargement: true }));
  const thumb = await jpeg(base().resize({ height: THUMB_HEIGHT }));
  return { photo: photo.data, thumb: thumb.data, width: photo.info.width, height: photo.info.height };
}
