/** A scan with every move cell outlined, coloured by how sure the reading is; a click selects the move. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { DeskGame } from '@zapis/desk';

export interface ShownPage {
  readonly file: string;
  readonly page: number;
  readonly image: Blob | undefined;
}

export function confidenceClass(move: { review: boolean; confirmed: boolean; confidence: number }): string {
  if (move.confirmed) return 'cell-confirmed';
  if (move.review) return 'cell-review';
  return move.confidence >= 0.999 ? 'cell-sure' : 'cell-likely';
}

export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return url;
}

export function ScanView({ game, sheet, shown, selectedPly, onSelect, label }: {
  game: DeskGame; sheet: number; shown: ShownPage; selectedPly: number | undefined; onSelect: (ply: number) => void; label: string;
}) {
  const url = useObjectUrl(shown.image);
  const [size, setSize] = useState<{ width: number; height: number } | undefined>(undefined);
  const cells = game.moves.flatMap((move) => {
    const cell = move.cells[sheet];
    return cell && cell.file === shown.file && cell.page === shown.page ? [{ move, cell }] : [];
  });
  // A sheet photographed upside down (or sideways) is shown upright, its outlines with it: the arbiter reads it as written.
  const turn = cells.find(({ cell }) => cell.turn !== undefined)?.cell.turn ?? 0;
  const sideways = turn === 90 || turn === 270;
  const frame = (
    <div class="scan-frame" data-turn={turn} style={turnedFrame(turn, size)}>
      {url ? <img src={url} alt={label} onLoad={(event) => {
        const image = event.currentTarget as HTMLImageElement;
        setSize({ width: image.naturalWidth, height: image.naturalHeight });
      }} /> : null}
      {size ? cells.map(({ move, cell }) => (
        <button type="button" key={move.ply} tabIndex={-1}
          class={`cell-box ${confidenceClass(move)}${move.ply === selectedPly ? ' selected' : ''}`}
          data-cell-ply={move.ply}
          title={`${move.moveNumber}${move.side === 'white' ? '.' : '...'} ${move.written}`}
          style={{
            left: `${(100 * cell.x) / size.width}%`, top: `${(100 * cell.y) / size.height}%`,
            width: `${(100 * cell.width) / size.width}%`, height: `${(100 * cell.height) / size.height}%`,
          }}
          onClick={() => onSelect(move.ply)} />
      )) : null}
    </div>
  );
  return (
    <figure class="scan" aria-label={label}>
      <figcaption>{label}: {shown.file}{shown.page > 1 ? `, p. ${shown.page}` : ''}</figcaption>
      {/* Turned a quarter, the frame's box would keep the photo's shape: a box of the upright shape holds it. */}
      {sideways && size ? <div class="scan-turned" style={{ aspectRatio: `${size.height} / ${size.width}` }}>{frame}</div> : frame}
    </figure>
  );
}

/** The frame's style for a page whose writing is turned `turn` degrees clockwise on the image: turned back. */
function turnedFrame(turn: number, size: { width: number; height: number } | undefined): Record<string, string> | undefined {
  if (turn === 0) return undefined;
  if (turn === 180) return { transform: 'rotate(180deg)' };
  if (!size) return undefined;
  // Sideways: as wide as the upright box is tall, centred in it, turned back.
  return { position: 'absolute', left: '50%', top: '50%', width: `${(100 * size.width) / size.height}%`, transform: `translate(-50%, -50%) rotate(${-turn}deg)` };
}
