import { readFile, writeFile } from 'node:fs/promises';
import { loadImage, grayPng } from './dist/index.js';
import { findMarkers } from './dist/find-markers.js';
const [src, out, ...hide] = process.argv.slice(2);
const loaded = loadImage(await readFile(src));
if (!loaded.ok) throw new Error('load');
const img = loaded.value;
const markers = findMarkers(img);
console.log(markers.map((m) => `${m.corner}:${m.id}`).join(' '));
for (const m of markers.filter((m) => hide.includes(m.corner))) {
  const xs = m.corners.map((p) => p[0]), ys = m.corners.map((p) => p[1]);
  const pad = 0.3 * (Math.max(...xs) - Math.min(...xs));
  // A shadow over the marker: darkened to grey, its pattern gone.
  for (let y = Math.floor(Math.min(...ys) - pad); y <= Math.max(...ys) + pad; y++) for (let x = Math.floor(Math.min(...xs) - pad); x <= Math.max(...xs) + pad; x++) {
    if (x >= 0 && y >= 0 && x < img.width && y < img.height) img.data[y * img.width + x] = 90 + ((x * 7 + y * 13) % 9);
  }
}
await writeFile(out, grayPng(img));
