import { createHash } from 'node:crypto';
import type { AcceptedFile } from '../files/accept.js';
import { loadSharp } from '../files/sharp.js';
import { seededRandom } from './random.js';

const WIDTH = 300;
const HEIGHT = 400;

const BACKGROUNDS = ['#dfe7ef', '#e9e2d6', '#dde9df', '#ece0e6', '#e4e4ea'];
const SKIN = ['#f1c9a5', '#e0ac85', '#c68a62', '#a8694a', '#7d4a32'];
const HAIR = ['#2b1d14', '#4a3222', '#8a5a33', '#c9a063', '#6b6b6b', '#1c1c1c'];
const CLOTHES = ['#1f6feb', '#8250df', '#1a7f37', '#bf8700', '#d1242f', '#57606a'];

/** A head-and-shoulders figure drawn as SVG, 3:4, its colours and hair drawn from `seed`. */
function portraitSvg(seed: number): string {
  const random = seededRandom(seed);
  const pick = (list: readonly string[]) => list[random.int(0, list.length - 1)]!;
  const [background, skin, hair, clothes] = [pick(BACKGROUNDS), pick(SKIN), pick(HAIR), pick(CLOTHES)];
  const longHair = random.chance(0.5);
  const headY = 165 + random.int(-8, 8);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>
${longHair ? `<rect x="88" y="${headY - 40}" width="124" height="${190}" rx="55" fill="${hair}"/>` : ''}
<rect x="131" y="${headY + 50}" width="38" height="${300 - headY - 40}" fill="${skin}"/>
<path d="M30 400 C40 300 100 282 150 282 C200 282 260 300 270 400 Z" fill="${clothes}"/>
<ellipse cx="150" cy="${headY}" rx="58" ry="72" fill="${skin}"/>
<path d="M92 ${headY - 8} C92 ${headY - 92} 208 ${headY - 92} 208 ${headY - 8} C196 ${headY - 48} 120 ${headY - 52} 92 ${headY - 8} Z" fill="${hair}"/>
<circle cx="128" cy="${headY + 2}" r="6" fill="#2b2b2b"/>
<circle cx="172" cy="${headY + 2}" r="6" fill="#2b2b2b"/>
<path d="M130 ${headY + 38} Q150 ${headY + 52} 170 ${headY + 38}" stroke="#8a3b2e" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
}

/**
 * A demo applicant's photo as the upload route takes it once checked: a JPEG drawn from a
 * generated portrait (no camera, no metadata), the same one for the same seed.
 */
export async function demoPortrait(seed: number): Promise<AcceptedFile> {
  const sharp = await loadSharp();
  const bytes = await sharp(Buffer.from(portraitSvg(seed))).jpeg({ quality: 85 }).toBuffer();
  return { bytes, contentType: 'image/jpeg', originalName: 'fotografia.jpg', sha256: createHash('sha256').update(bytes).digest('hex') };
}
