/** The DejaVu faces @zapis/pdf embeds, served with the app and fetched the first time a PDF is made. */
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import monoUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf?url';
import type { FontBytes } from '@zapis/pdf';

let fonts: Promise<FontBytes> | undefined;

const bytesOf = async (url: string): Promise<Uint8Array> => new Uint8Array(await (await fetch(url)).arrayBuffer());

export function loadSheetFonts(): Promise<FontBytes> {
  fonts ??= Promise.all([bytesOf(regularUrl), bytesOf(boldUrl), bytesOf(monoUrl)]).then(([regular, bold, mono]) => ({ regular, bold, mono }));
  return fonts;
}
