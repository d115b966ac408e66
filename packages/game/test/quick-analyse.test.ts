/**
 * The fast lane's promise: whenever quickAnalyse answers, its answer equals
 * analyseGame's; whenever a game has anything to explain, it does not answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusSample, readGnuBook, skipWithoutShared } from '@zapis/testkit';
import { parsePgn, splitSections } from '@zapis/notation';
import { analyseGame, quickAnalyse, type AnalyseOptions, type QuickReport } from '../src/index.js';

const skip = skipWithoutShared();
// Every 4th of the corpus's first 20,000 games under `pnpm test`, each language its own quarter; all under `pnpm test:corpus`.
const sample = corpusSample(4);

/** The parts of a full report the fast lane gives, in the same shape. */
function fullView(text: string, options: AnalyseOptions = {}) {
  const games = parsePgn(text);
  const report = analyseGame(games[0], options);
  return {
    games: games.length,
    status: report.status,
    diagnostics: report.diagnostics.map((d) => d.code),
    view: { tags: report.tags, language: report.language, languages: report.languages, plies: report.plies, san: report.san, fen: report.fen, startFen: report.startFen, outcome: report.outcome },
  };
}
const quickView = (quick: QuickReport) => ({
  tags: quick.tags, language: quick.language, languages: quick.languages, plies: quick.plies, san: quick.san, fen: quick.fen, startFen: quick.startFen, outcome: quick.outcome,
});

const TAGS = '[Event "t"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "a"]\n[Black "b"]\n';

describe('quickAnalyse on crafted games', () => {
  it('reads a clean export-SAN game exactly as analyseGame does, section end included', () => {
    const text = `${TAGS}[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n\n[Event "next"]\n`;
    const quick = quickAnalyse(text, 0, text.length);
    expect(quick).toBeDefined();
    expect(quick!.end).toBe(text.indexOf('[Event "next"]'));
    const full = fullView(text.slice(0, quick!.end));
    expect(full.diagnostics).toEqual([]);
    expect(quickView(quick!)).toEqual(full.view);
    expect(quick!.outcome).toEqual({ result: '1-0', reason: 'checkmate', winner: 'white' });
  });

  it('accepts en passant, promotion with check, castling and needed disambiguation', () => {
    const text = `${TAGS}[Result "*"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 Nbd7 4. dxc7 Nb6 5. cxd8=Q+ Kxd8 6. Nf3 Nbd5 7. Be2 Bg4 8. O-O *\n`;
    const quick = quickAnalyse(text, 0, text.length);
    expect(quick).toBeDefined();
    expect(quickView(quick!)).toEqual(fullView(text).view);
  });

  it.each([
    ['a missing check mark', '1. e4 e5 2. Bc4 Nc6 3. Bxf7 *'],
    ['a check mark on a quiet move', '1. e4+ *'],
    ['check written for mate', '1. f3 e5 2. g4 Qh4+ 0-1'],
    ['an omitted capture mark', '1. e4 d5 2. ed5 *'],
    ['a capture mark on a quiet move', '1. Nxf3 *'],
    ['over-disambiguation', '1. Ngf3 *'],
    ['zero castling', '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *'],
    ['English and Polish letters mixed', '1. e4 e5 2. Nf3 Sc6 *'],
    ['a pawn letter', '1. Pe4 e5 *'],
    ['long form', '1. e2e4 *'],
    ['a variation', '1. e4 (1. d4) e5 *'],
    ['no result', '1. e4 e5'],
    ['text after the result', '1. e4 e5 * garbage'],
    ['an illegal move', '1. e5 *'],
    ['an ambiguous move', '1. e4 e5 2. Nf3 Nf6 3. Nc3 Nc6 4. Nd5 Nd4 5. Ne3 Ne6 6. Ng4 Ng5 7. Ne5 *'],
  ])('gives way to the full path on %s', (_name, movetext) => {
    const text = `${TAGS}[Result "*"]\n\n${movetext}\n`;
    expect(quickAnalyse(text, 0, text.length)).toBeUndefined();
  });

  it('gives way on a Result tag that contradicts the termination, and on a FEN tag', () => {
    const mismatch = `${TAGS}[Result "1-0"]\n\n1. e4 e5 0-1\n`;
    expect(quickAnalyse(mismatch, 0, mismatch.length)).toBeUndefined();
    const setUp = `${TAGS}[Result "*"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O *\n`;
    expect(quickAnalyse(setUp, 0, setUp.length)).toBeUndefined();
  });

  it.each([
    ['Polish', 'pl', '1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 4. Gxc6 dxc6 5. O-O Hf6 6. d4 exd4 7. Hxd4 Hxd4 8. Sxd4 Gd6 9. We1 Se7 *'],
    ['German', 'de', '1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 dxc6 5. O-O Df6 6. d4 exd4 7. Dxd4 Dxd4 8. Sxd4 Ld6 9. Te1 Se7 *'],
    ['French', 'fr', '1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fxc6 dxc6 5. O-O Df6 6. d4 exd4 7. Dxd4 Dxd4 8. Cxd4 Fd6 9. Te1 Ce7 10. Rh1 Rd7 *'],
    ['Czech (S is a bishop)', 'cs', '1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 5. O-O Df6 6. d4 exd4 7. Dxd4 Dxd4 8. Jxd4 Sd6 9. Ve1 Je7 *'],
    ['Hungarian (B is a rook)', 'hu', '1. e4 e5 2. Hf3 Hc6 3. Fb5 a6 4. Fxc6 dxc6 5. O-O Vf6 6. d4 exd4 7. Vxd4 Vxd4 8. Hxd4 Fd6 9. Be1 He7 *'],
  ])('reads a clean game in %s letters as analyseGame does, in English SAN', (_name, language, movetext) => {
    const text = `${TAGS}[Result "*"]\n\n${movetext}\n`;
    const quick = quickAnalyse(text, 0, text.length);
    expect(quick).toBeDefined();
    const full = fullView(text, { language: 'auto' });
    expect(full.diagnostics).toEqual([]);
    expect(quickView(quick!)).toEqual(full.view);
    expect(quick!.language).toBe(language);
    expect(quick!.san?.[2]).toMatch(/^N[cf]3$/);
    // The tokens as written: each pair of offsets spells the token.
    const tokens = movetext.split(' ').filter((token) => !/^\d+\.$/.test(token) && token !== '*');
    const written = quick!.written!;
    expect(tokens.map((_, i) => text.slice(written[2 * i], written[2 * i + 1]))).toEqual(tokens);
  });

  it('reads a promotion written with a Polish letter, and keeps English letters undefined in `written`', () => {
    const polish = `${TAGS}[Result "*"]\n\n1. e4 d5 2. exd5 c6 3. dxc6 Sf6 4. cxb7 Sbd7 5. bxa8=H Hb6 *\n`;
    const quick = quickAnalyse(polish, 0, polish.length);
    expect(quickView(quick!)).toEqual(fullView(polish, { language: 'auto' }).view);
    expect(quick!.san?.slice(-2)).toEqual(['bxa8=Q', 'Qb6']);
    const english = `${TAGS}[Result "*"]\n\n1. e4 e5 2. Nf3 *\n`;
    expect(quickAnalyse(english, 0, english.length)?.written).toBeUndefined();
  });

  it('hears a game read twice from the start again (onStart), and the moves in English letters', () => {
    const text = `${TAGS}[Result "*"]\n\n1. e4 e5 2. Sf3 Sc6 *\n`;
    let heard: string[] = [];
    const quick = quickAnalyse(text, 0, text.length, { onStart: () => (heard = []), onMove: (source, from, to) => heard.push(source.slice(from, to)) });
    expect(quick?.language).toBe('pl');
    expect(heard).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
  });

  it('answers the same when a move listener analyses another game in the middle of it (re-entrant)', () => {
    const outer = `${TAGS}[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n`;
    const inner = `${TAGS}[Result "*"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n`;
    const alone = quickAnalyse(outer, 0, outer.length);
    const innerAlone = quickAnalyse(inner, 0, inner.length);
    const heard: string[] = [];
    const innerReports: (QuickReport | undefined)[] = [];
    const nested = quickAnalyse(outer, 0, outer.length, {
      onMove(text, start, end) {
        heard.push(text.slice(start, end));
        innerReports.push(quickAnalyse(inner, 0, inner.length));
      },
    });
    expect(nested).toEqual(alone);
    expect(heard).toEqual(alone!.san);
    for (const report of innerReports) expect(report).toEqual(innerAlone);
  });

  it('reads a language asked for as analyseGame does, and only that one', () => {
    const plain = `${TAGS}[Result "*"]\n\n1. e4 e5 *\n`;
    expect(quickAnalyse(plain, 0, plain.length, { language: 'en' })?.languages).toEqual(['en']);
    expect(quickAnalyse(plain, 0, plain.length)?.language).toBe('any');
    const polish = `${TAGS}[Result "*"]\n\n1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 *\n`;
    for (const language of ['pl', 'de'] as const) {
      const full = fullView(polish, { language });
      const quick = quickAnalyse(polish, 0, polish.length, { language });
      if (full.status === 'ok' && full.diagnostics.length === 0) expect(quickView(quick!)).toEqual(full.view);
      else expect(quick).toBeUndefined();
    }
    expect(quickAnalyse(polish, 0, polish.length, { language: 'pl' })?.language).toBe('pl');
    expect(quickAnalyse(plain, 0, plain.length, { language: 'pl' })?.languages).toEqual(['pl']);
    // German has no G: the full path explains the letter.
    expect(quickAnalyse(polish, 0, polish.length, { language: 'de' })).toBeUndefined();
    // Letters the fast lane cannot hold (Cyrillic) always go the full way.
    expect(quickAnalyse(plain, 0, plain.length, { language: 'ru' })).toBeUndefined();
  });
});

describe.skipIf(skip)('quickAnalyse on the real corpus', () => {
  let english = '';
  let polish = '';
  beforeAll(async () => {
    [english, polish] = await Promise.all([readGnuBook('en'), readGnuBook('pl')]);
  }, 600_000);

  it(`equals analyseGame on every game it answers among ${sample.describe('the first 20,000')}, and answers nearly all`, () => {
    let games = 0;
    let answered = 0;
    const mismatches: string[] = [];
    for (const section of splitSections(english)) {
      if (++games > 20_000) break;
      if (!sample.includes(games - 1, 0)) continue;
      const quick = quickAnalyse(english, section.start, english.length);
      if (quick === undefined) continue;
      answered++;
      if (quick.end !== section.end) mismatches.push(`game ${games}: section ends at ${quick.end}, not ${section.end}`);
      const full = fullView(english.slice(section.start, section.end), { language: 'auto' });
      if (full.games !== 1 || full.status !== 'ok' || full.diagnostics.length > 0) mismatches.push(`game ${games}: the full path finds ${full.diagnostics.join(', ')}`);
      else if (JSON.stringify(quickView(quick)) !== JSON.stringify(full.view)) mismatches.push(`game ${games}: reports differ`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(answered / sample.size(20_000)).toBeGreaterThan(0.99);
  });

  it(`equals analyseGame on every game it answers among ${sample.describe('the first 20,000')} of the Polish twin, and answers nearly all`, () => {
    let games = 0;
    let answered = 0;
    const mismatches: string[] = [];
    for (const section of splitSections(polish)) {
      if (++games > 20_000) break;
      if (!sample.includes(games - 1, 1)) continue;
      const quick = quickAnalyse(polish, section.start, polish.length);
      if (quick === undefined) continue;
      answered++;
      const full = fullView(polish.slice(section.start, section.end), { language: 'auto' });
      if (full.games !== 1 || full.status !== 'ok' || full.diagnostics.length > 0) mismatches.push(`game ${games}: the full path finds ${full.diagnostics.join(', ')}`);
      else if (JSON.stringify(quickView(quick)) !== JSON.stringify(full.view)) mismatches.push(`game ${games}: reports differ`);
      else if (quick.language !== 'pl' && quick.language !== 'any' && quick.language !== 'en') mismatches.push(`game ${games}: read as ${quick.language}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(answered / sample.size(20_000)).toBeGreaterThan(0.99);
  });
});
