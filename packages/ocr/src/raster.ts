/**
 * The one image type every step works on: 8-bit grey, row by row from the
 * top-left, 0 = black ink, 255 = white paper. Colour is dropped at decode
 * time because nothing downstream needs it and it quarters the memory.
 */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

export function grayImage(width: number, height: number, fill = 255): GrayImage {
  return { width, height, data: new Uint8Array(width * height).fill(fill) };
}

/** Luma of interleaved RGB(A) pixels (ITU-R BT.601 weights). */
export function grayFromRgba(width: number, height: number, rgba: Uint8Array | Uint8ClampedArray, channels = 4): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i += 1, p += channels) {
    data[i] = (rgba[p] * 299 + rgba[p + 1] * 587 + rgba[p + 2] * 114 + 500) / 1000;
  }
  return { width, height, data };
}
