/** Node only: the DejaVu faces read once per process from the dejavu-fonts-ttf package in node_modules (offline). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONT_FILES, type FontBytes, type FontFace } from './fonts.js';

/** One entry per face (there are three): bounded by what it is keyed by. */
const cache = new Map<FontFace, Uint8Array>();

function fontDirectory(): string {
  // The package has no exports map; its index is the README, so resolve a file we know is there.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** The TrueType bytes of one face. */
export function fontBytes(face: FontFace): Uint8Array {
  let bytes = cache.get(face);
  if (bytes === undefined) {
    bytes = readFileSync(join(fontDirectory(), FONT_FILES[face]));
    cache.set(face, bytes);
  }
  return bytes;
}

export function nodeFontBytes(): FontBytes {
  return { regular: fontBytes('regular'), bold: fontBytes('bold'), mono: fontBytes('mono') };
}
