/**
 * The embedded Unicode fonts: DejaVu Sans (regular and bold) and DejaVu Sans
 * Mono for hand-printed-style moves, read from the dejavu-fonts-ttf package in
 * node_modules, so printing works offline. Subsetting keeps files small; pdf-lib
 * writes a ToUnicode map, so text stays extractable.
 */
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export interface SheetFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly mono: PDFFont;
}

export type FontFace = 'regular' | 'bold' | 'mono';

const FONT_FILES: Readonly<Record<FontFace, string>> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
};

const fontBytesCache = new Map<FontFace, Uint8Array>();

function fontDirectory(): string {
  // The package has no exports map; its index is the README, so resolve a file we know is there.
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** The TrueType bytes of one face (read once per process). */
export function fontBytes(face: FontFace): Uint8Array {
  let bytes = fontBytesCache.get(face);
  if (bytes === undefined) {
    bytes = readFileSync(join(fontDirectory(), FONT_FILES[face]));
    fontBytesCache.set(face, bytes);
  }
  return bytes;
}

export async function embedSheetFonts(document: PDFDocument): Promise<SheetFonts> {
  document.registerFontkit(fontkit);
  const [regular, bold, mono] = await Promise.all(
    (['regular', 'bold', 'mono'] as const).map((face) => document.embedFont(fontBytes(face), { subset: true })),
  );
  return { regular, bold, mono };
}
