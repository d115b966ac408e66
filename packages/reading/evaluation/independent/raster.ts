/** An RGBA image in memory, and its way in from and out to files through @napi-rs/canvas. */
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface Raster {
  readonly width: number;
  readonly height: number;
  /** RGBA, row by row. */
  readonly data: Uint8ClampedArray;
}

export function blankRaster(width: number, height: number, rgb: readonly [number, number, number] = [255, 255, 255]): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < data.length; index += 4) {
    data[index] = rgb[0]; data[index + 1] = rgb[1]; data[index + 2] = rgb[2]; data[index + 3] = 255;
  }
  return { width, height, data };
}

export async function decodeRaster(bytes: Uint8Array): Promise<Raster> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(data) };
}

export function encodeRaster(raster: Raster, format: 'png' | 'jpeg', quality = 85, dpi?: number): Buffer {
  const canvas = createCanvas(raster.width, raster.height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(raster.width, raster.height);
  image.data.set(raster.data);
  context.putImageData(image, 0, 0);
  const metadata = dpi === undefined ? {} : { resolution: Math.round(dpi) };
  return format === 'png' ? canvas.encodeSync('png', metadata) : canvas.encodeSync('jpeg', { quality, ...metadata });
}
