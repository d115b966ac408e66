import { splitSections } from '@zapis/notation';

/** The first `count` games of a corpus, starting at line 1. */
export function firstGames(text: string, count: number): string {
  let end = 0;
  let games = 0;
  for (const section of splitSections(text)) {
    if (++games > count) break;
    end = section.end;
  }
  return text.slice(0, end);
}
