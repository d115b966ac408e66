/** The image of one move's cell, cut from its page with a little margin. */
import { useEffect, useRef } from 'preact/hooks';
import type { CellOnScan } from '@zapis/reading';
import { useObjectUrl } from './scan-view.js';

export function CellCrop({ cell, image, label }: { cell: CellOnScan; image: Blob | undefined; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const url = useObjectUrl(image);
  useEffect(() => {
    if (!url || !canvas.current) return;
    const picture = new Image();
    picture.onload = () => {
      const target = canvas.current;
      const context = target?.getContext('2d');
      if (!target || !context) return;
      const margin = Math.round(Math.min(cell.width, cell.height) * 0.25);
      const x = Math.max(0, cell.x - margin), y = Math.max(0, cell.y - margin);
      const width = Math.min(picture.naturalWidth - x, cell.width + 2 * margin);
      const height = Math.min(picture.naturalHeight - y, cell.height + 2 * margin);
      // A sheet photographed upside down (or sideways) is shown as written: the crop turned back.
      const turn = cell.turn ?? 0;
      const sideways = turn === 90 || turn === 270;
      target.width = sideways ? height : width;
      target.height = sideways ? width : height;
      context.translate(target.width / 2, target.height / 2);
      context.rotate((-turn * Math.PI) / 180);
      context.drawImage(picture, x, y, width, height, -width / 2, -height / 2, width, height);
    };
    picture.src = url;
  }, [url, cell.x, cell.y, cell.width, cell.height, cell.turn]);
  return <canvas ref={canvas} class="cell-crop" role="img" aria-label={label} data-testid="cell-crop" data-turn={cell.turn ?? 0} />;
}
