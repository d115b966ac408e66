/**
 * The embedded Unicode fonts: DejaVu Sans (regular and bold) and DejaVu Sans
 * Mono for hand-printed-style moves. In Node they are read from the
 * dejavu-fonts-ttf package (node-fonts.ts, imported only when needed, so this
 * package also runs in a browser, where the page passes the bytes it loaded).
 * Subsetting keeps files small; pdf-lib writes a ToUnicode map, so text stays
 * extractable.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export interface SheetFonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly mono: PDFFont;
}

export type FontFace = 'regular' | 'bold' | 'mono';

/** The TrueType bytes of each face: DejaVuSans.ttf, DejaVuSans-Bold.ttf and DejaVuSansMono.ttf. */
export type FontBytes = Readonly<Record<FontFace, Uint8Array>>;

export const FONT_FILES: Readonly<Record<FontFace, string>> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
};

async function defaultFontBytes(): Promise<FontBytes> {
  const { nodeFontBytes } = await import('./node-fonts.js');
  return nodeFontBytes();
}

/** Embeds the three faces; without `bytes` (Node) they come from the installed dejavu-fonts-ttf package. */
export async function embedSheetFonts(document: PDFDocument, bytes?: FontBytes): Promise<SheetFonts> {
  document.registerFontkit(fontkit);
  const faces = bytes ?? (await defaultFontBytes());
  const [regular, bold, mono] = await Promise.all(
    (['regular', 'bold', 'mono'] as const).map((face) => document.embedFont(faces[face], { subset: true })),
  );
  return { regular, bold, mono };
}
