/** A small SVG board from a FEN's piece placement, with the move's squares marked. */
const GLYPHS: Record<string, string> = {
  K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659',
  k: '\u265a', q: '\u265b', r: '\u265c', b: '\u265d', n: '\u265e', p: '\u265f',
};

function placement(fen: string): (string | undefined)[][] {
  const rows = (fen.split(' ')[0] ?? '').split('/');
  return Array.from({ length: 8 }, (_, rank) => {
    const squares: (string | undefined)[] = [];
    for (const symbol of rows[rank] ?? '') {
      if (/\d/.test(symbol)) for (let i = 0; i < Number(symbol); i += 1) squares.push(undefined);
      else squares.push(symbol);
    }
    while (squares.length < 8) squares.push(undefined);
    return squares.slice(0, 8);
  });
}

const squareName = (file: number, rank: number): string => `${'abcdefgh'[file]}${8 - rank}`;

export function Board({ fen, marked = [], label }: { fen: string; marked?: readonly string[]; label: string }) {
  const board = placement(fen);
  return (
    <svg class="board" viewBox="0 0 8 8" role="img" aria-label={label}>
      {board.flatMap((row, rank) => row.map((piece, file) => {
        const name = squareName(file, rank);
        const dark = (file + rank) % 2 === 1;
        return (
          <g key={name}>
            <rect x={file} y={rank} width="1" height="1" class={`${dark ? 'dark' : 'light'}${marked.includes(name) ? ' marked' : ''}`} />
            {piece ? <text x={file + 0.5} y={rank + 0.8} text-anchor="middle" class={piece === piece.toUpperCase() ? 'white-piece' : 'black-piece'}>{GLYPHS[piece]}</text> : null}
          </g>
        );
      }))}
    </svg>
  );
}
