/**
 * The session keeps a decoded game while its material key is unchanged. A
 * sheet given twice may be read in either order: when the repeat is read
 * first, its game is decoded before anyone knows it repeats a page, and must
 * be decoded again once the earlier copy is read (to carry the warning).
 */
import { describe, expect, it } from 'vitest';
import type { DeskScanSource } from '@zapis/desk';
import { materialKey } from '../src/workers/desk-protocol.js';

type Player = DeskScanSource['players'][number];
type Page = Player['pages'][number];

/** Only which file and page a read page is matters to the key; the readings are left out. */
const pageOf = (file: string, page: number): Page => ({ file, page } as unknown as Page);

const sourceOf = (players: Player[]): DeskScanSource => ({
  id: 'input-2#p1', kind: 'scan', inputIds: ['input-2'], name: 'jpeg150.jpg', index: 2, of: 1, players,
});

describe('a scan game\u2019s material key', () => {
  const copy = pageOf('jpeg150.jpg', 1);

  it('changes when the game learns that its sheet repeats an earlier page', () => {
    const alone = sourceOf([{ name: 'jpeg150.jpg', pages: [copy] }]);
    const repeating = sourceOf([{ name: 'jpeg150.jpg', pages: [copy], repeats: { page: { file: 'jpeg150.jpg', page: 1 }, earlier: { file: 'jpeg150.jpg', page: 1 } } }]);
    expect(materialKey(repeating)).not.toBe(materialKey(alone));
  });

  it('names which earlier page is repeated', () => {
    const repeatsOf = (file: string): DeskScanSource => sourceOf([{ name: 'copy.jpg', pages: [pageOf('copy.jpg', 1)], repeats: { page: { file: 'copy.jpg', page: 1 }, earlier: { file, page: 1 } } }]);
    expect(materialKey(repeatsOf('a.jpg'))).not.toBe(materialKey(repeatsOf('b.jpg')));
  });

  it('stays the same for the same pages, so a decoded game is kept', () => {
    expect(materialKey(sourceOf([{ name: 'jpeg150.jpg', pages: [copy] }]))).toBe(materialKey(sourceOf([{ name: 'jpeg150.jpg', pages: [pageOf('jpeg150.jpg', 1)] }])));
  });
});
