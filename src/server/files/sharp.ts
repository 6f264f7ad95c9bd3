import type sharpType from 'sharp';

let loaded: Promise<typeof sharpType> | undefined;

/**
 * sharp, loaded on the first image rather than at start: libvips adds about 23 MB to the
 * resident memory of a server that may never receive a photo.
 */
export function loadSharp(): Promise<typeof sharpType> {
  loaded ??= import('sharp').then((module) => module.default);
  return loaded;
}
