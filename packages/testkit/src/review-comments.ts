/** What a PGN's review comments say of a move's probability, as `zapis decode` and `zapis read` print them. */

/** The parts of a ply's probability a comment says in words, not as a move. */
const REMAINDER = /^(a move the search did not keep|other moves|the game ends before it|unless the game went otherwise before)$/u;

/**
 * Each review comment (`{review: …; confidence 0.29; or Rg7+ (0.38), …}`) that names a move likelier than the one
 * chosen, or whose numbers do not account for the whole ply (each is rounded to 0.01; each part left unsaid is
 * below 0.005), as one line naming `where`.
 */
export function reviewCommentBreaks(pgn: string, where: string): string[] {
  const breaks: string[] = [];
  for (const comment of pgn.replace(/\s+/g, ' ').matchAll(/\{review: [^}]*?; confidence (\d\.\d\d)(?:; (?:or )?([^}]*))?\}/gu)) {
    const confidence = Number(comment[1]);
    const said = [...(comment[2] ?? '').matchAll(/(?:^|, )([^,(]+?) \((<?)(\d\.\d\d)\)/gu)]
      .map((item) => ({ what: item[1], probability: item[2] === '<' ? 0 : Number(item[3]) }));
    const named = said.map((item) => item.probability);
    if (said.some((item) => !REMAINDER.test(item.what) && item.probability > confidence)) breaks.push(`${where}: ${comment[0]} names a likelier move`);
    const total = confidence + named.reduce((sum, probability) => sum + probability, 0);
    if (Math.abs(total - 1) > 0.005 * (named.length + 4)) breaks.push(`${where}: ${comment[0]} accounts for ${total.toFixed(2)}`);
  }
  return breaks;
}
