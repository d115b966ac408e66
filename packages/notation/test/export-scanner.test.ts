/**
 * The export subset's tag scan reads tag names as the full grammar does:
 * a common name is recognised whole, and a name that only begins like one,
 * or a section the subset does not cover, is read (or refused) exactly as
 * before.
 */
import { describe, expect, it } from 'vitest';
import { parsePgn, scanExportTags } from '../src/index.js';

const MOVES = '\n1. e4 e5 1-0\n';

/** The tags scanExportTags hears, in order, or undefined when it leaves the section to the full grammar. */
function scannedTags(section: string): [string, string][] | undefined {
  const text = section + MOVES;
  const heard: [string, string][] = [];
  const tags = scanExportTags(text, 0, text.length, {
    tag(name, value) {
      heard.push([name, value]);
      return true;
    },
  });
  return tags === undefined ? undefined : heard;
}

/** The tags the full grammar reads. */
function parsedTags(section: string): [string, string][] {
  return parsePgn(section + MOVES)[0].tags.map((tag) => [tag.name, tag.value]);
}

describe('scanExportTags', () => {
  it('reads common names, names that begin like one, and rare names as the full grammar does', () => {
    const sections = [
      '[Event "Hastings"]\n[Site "?"]\n[White "Barden, Leonard W"]',
      '[Eventful "a"]\n[EventDate "1951.??.??"]\n[Event2 "b"]',
      '[ECOx "C57"]\n[ECO "C57"]\n[Whites "x"]',
      '[Site_Code "x"]\n[S "y"]\n[Round "2.1"]',
      '[White "esc \\"aped\\""]',
    ];
    for (const section of sections) expect(scannedTags(section), section).toEqual(parsedTags(section));
  });

  it('gives a common name as the one shared string', () => {
    const heard = scannedTags('[Event "a"]\n[EventDate "b"]');
    expect(heard?.map(([name]) => name)).toEqual(['Event', 'EventDate']);
    expect(scannedTags('[Event "c"]')?.[0][0]).toBe(heard?.[0][0]);
  });

  it('leaves to the full grammar what the subset does not cover, common name or not', () => {
    for (const section of ['[Event  "two spaces"]', '[Event"no space"]', '[Event "unclosed]', '[1Event "digit"]', '[Event "broken\nline"]']) {
      expect(scannedTags(section), section).toBeUndefined();
    }
    const cut = '[Event "a"]\n[Site';
    expect(scanExportTags(cut, 0, cut.length, { tag: () => true })).toBeUndefined();
  });
});
