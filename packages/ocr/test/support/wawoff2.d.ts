// wawoff2 ships no types; only its decompressor is used (woff2 fonts to TTF for the canvas).
declare module 'wawoff2' {
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
