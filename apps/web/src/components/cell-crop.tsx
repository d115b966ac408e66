/** The image of one move's cell, cut from its page with a little margin. */
import { useEffect, useRef } from 'preact/hooks';
import type { CellOnScan } from '@zapis/ocr';
import { useObjectUrl } from './scan-view.js';

export function CellCrop({ cell, image, label }: { cell: CellOnScan; image: Blob | undefined; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const url = useObjectUrl(image);
  useEffect(() => {
    if (!url || !canvas.current) return;
    const picture = new Image();
    picture.onload = () => {
      const target = canvas.current;
      if (!target) return;
      const margin = Math.round(cell.height * 0.25);
      const x = Math.max(0, cell.x - margin), y = Math.max(0, cell.y - margin);
      const width = Math.min(picture.naturalWidth - x, cell.width + 2 * margin);
      const height = Math.min(picture.naturalHeight - y, cell.height + 2 * margin);
      target.width = width;
      target.height = height;
      target.getContext('2d')?.drawImage(picture, x, y, width, height, 0, 0, width, height);
    };
    picture.src = url;
  }, [url, cell.x, cell.y, cell.width, cell.height]);
  return <canvas ref={canvas} class="cell-crop" role="img" aria-label={label} data-testid="cell-crop" />;
}
