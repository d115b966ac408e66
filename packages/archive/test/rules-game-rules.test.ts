import { describe, expect, it } from 'vitest';
import type { RecordDiagnostic } from '../src/record.js';
import type { RuleConfig } from '../src/rule-contract.js';
import { archiveFindings } from '../src/rules/game-rules.js';
import { DEFAULT_RULE_CONFIG, mergeRuleConfig } from '../src/rules/rule-config.js';
import { ruleInput, ruleInputs, type InputOptions } from './fixtures/rules/rule-input.js';

const NOW = new Date(Date.UTC(2024, 5, 15, 12));

const ROSTER = ['[Event "Club championship"]', '[Site "Warsaw"]', '[Date "1990.05.12"]', '[Round "3"]', '[White "Kowalski, Jan"]', '[Black "Nowak, Anna"]', '[Result "1-0"]'];

/** A well-formed game with `tags` as its tag lines. */
const game = (tags: readonly string[], moves = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0'): string => `${tags.join('\n')}\n\n${moves}\n`;

function findings(text: string, config: RuleConfig = DEFAULT_RULE_CONFIG, options: InputOptions = {}): readonly RecordDiagnostic[] {
  return archiveFindings(ruleInput(text, options), config, { now: NOW });
}

/** The fields a reader checks, in a form that reads well in a failing test. */
const brief = (list: readonly RecordDiagnostic[]) =>
  list.map(({ severity, code, line, column, width }) => ({ severity, code, line, column, width }));

const withRoster = (replace: Record<number, string | undefined>, extra: readonly string[] = []): string[] =>
  [...ROSTER.map((tag, index) => (index in replace ? replace[index] : tag)).filter((tag): tag is string => tag !== undefined), ...extra];

describe('a clean export-format game', () => {
  it('has no findings', () => {
    expect(findings(game(ROSTER))).toEqual([]);
    expect(findings(game([...ROSTER, '[ECO "C70"]', '[SetUp "0"]']))).toEqual([]);
  });
});

describe('missing-tag', () => {
  it('names the one missing tag, at the game\'s first line', () => {
    const list = findings(game(withRoster({ 3: undefined })));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'missing-tag', line: 1, column: 1, width: 1 }]);
    expect(list[0].message).toBe('the Round tag of the Seven Tag Roster is missing');
    expect(list[0].sourceLine).toBe('[Event "Club championship"]');
    expect(list[0].file).toBe('test.pgn');
    expect(list[0].ply).toBeUndefined();
  });

  it('lists every missing tag in one finding', () => {
    const list = findings(game(['[Event "Club"]', '[White "A"]', '[Black "B"]', '[Result "1-0"]']));
    expect(list.map((d) => d.message)).toEqual(['the tags Site, Date, Round of the Seven Tag Roster are missing']);
  });

  it('points at the first move of bare move text', () => {
    const list = findings('\n\n   1. e4 e5 *\n');
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'missing-tag', line: 3, column: 4, width: 1 }]);
    expect(list[0].message).toBe('the tags Event, Site, Date, Round, White, Black, Result of the Seven Tag Roster are missing');
  });

  it('counts columns from the file line when the game starts mid-line', () => {
    const inputs = [...ruleInputs('[Event "a"]\n\n1. e4 e5 1-0 [Event "Second"] [Site "?"]\n1. d4 d5 *\n')];
    expect(inputs[1].firstColumn).toBe(14);
    const list = archiveFindings(inputs[1], DEFAULT_RULE_CONFIG, { now: NOW });
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'missing-tag', line: 3, column: 14, width: 1 }]);
    // Padded so that column 14 is the game's `[` in the source line.
    expect(list[0].sourceLine?.slice(13, 20)).toBe('[Event ');
  });
});

describe('tag-order', () => {
  it('reports the first roster tag that comes too late', () => {
    const tags = [ROSTER[0], ROSTER[1], ROSTER[2], ROSTER[4], ROSTER[3], ROSTER[5], ROSTER[6]];
    const list = findings(game(tags));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'tag-order', line: 5, column: 1, width: 11 }]);
    expect(list[0].message).toMatch(/^Round comes after White;/);
  });

  it('reports a roster tag after another tag', () => {
    const list = findings(game(['[ECO "C70"]', ...ROSTER]));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'tag-order', line: 2, column: 1, width: 27 }]);
    expect(list[0].message).toMatch(/^Event comes after ECO;/);
  });

  it('accepts the roster in order with a tag missing (that is missing-tag\'s business)', () => {
    expect(findings(game(withRoster({ 1: undefined }))).map((d) => d.code)).toEqual(['missing-tag']);
  });
});

describe('duplicate-tag', () => {
  it('reports each repeated name once, at its second occurrence, roster or not', () => {
    const list = findings(game([...ROSTER, '[ECO "C70"]', '[White "Someone else"]', '[ECO "C71"]', '[ECO "C72"]']));
    expect(brief(list)).toEqual([
      { severity: 'warning', code: 'duplicate-tag', line: 9, column: 1, width: 22 },
      { severity: 'warning', code: 'duplicate-tag', line: 10, column: 1, width: 11 },
    ]);
    expect(list.map((d) => d.message)).toEqual([
      'the White tag appears twice; only the last value is kept',
      'the ECO tag appears 3 times; only the last value is kept',
    ]);
  });

  it('finds tags written on one line', () => {
    const list = findings(game(['[Event "a"] [Site "b"] [Site "c"]', ...ROSTER.slice(2)]));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'duplicate-tag', line: 1, column: 24, width: 10 }]);
  });
});

describe('malformed-tag', () => {
  it.each([
    [2, '[Date "1990/05/12"]', /^the Date "1990\/05\/12" is not in the form YYYY\.MM\.DD/],
    [2, '[Date "19??.??.??"]', /^the Date "19\?\?\.\?\?\.\?\?" is not in the form/],
    [2, '[Date "May 1990"]', /^the Date "May 1990"/],
    [3, '[Round "-1024"]', /^the Round "-1024" is not a round number/],
    [3, '[Round "? of 8"]', /^the Round "\? of 8"/],
    [3, '[Round "3."]', /^the Round "3\."/],
    [3, '[Round ""]', /^the Round ""/],
    [6, '[Result "1:0"]', /^the Result "1:0" is not one of 1-0, 0-1, 1\/2-1\/2, \*$/],
    [4, '[White ""]', /^the White tag is empty; the standard writes "\?"/],
  ])('slot %i: %s', (slot, tag, message) => {
    const list = findings(game(withRoster({ [slot]: tag })));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'malformed-tag', line: slot + 1, column: 1, width: tag.length }]);
    expect(list[0].message).toMatch(message);
  });

  it.each(['[Round "?"]', '[Round "-"]', '[Round "3.2"]', '[Round "1.2.3"]', '[Date "????.??.??"]', '[Date "1992.08.??"]'])('accepts %s', (tag) => {
    const slot = tag.startsWith('[Round') ? 3 : 2;
    expect(findings(game(withRoster({ [slot]: tag })))).toEqual([]);
  });

  it('checks SetUp', () => {
    const list = findings(game([...ROSTER, '[SetUp "yes"]']));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'malformed-tag', line: 8, column: 1, width: 13 }]);
  });

  // How long it takes is measured by `pnpm bench` (bench/scaling.bench.ts); here, what it says.
  it('stays short on a hostile 4 MB value', () => {
    const huge = `1990.05.12${'x'.repeat(4_000_000)}`;
    const input = ruleInput(game(withRoster({ 2: `[Date "${huge}"]`, 3: `[Round "${'1.'.repeat(2_000_000)}"]` })));
    const list = archiveFindings(input, DEFAULT_RULE_CONFIG, { now: NOW });
    expect(list.map((d) => `${d.code}@${d.line}`)).toEqual(['malformed-tag@3', 'line-too-long@3', 'malformed-tag@4']);
    expect(list[1].message).toMatch(/^the line has 4000019 characters, more than 255 \(2 lines of this game are, the longest 4000019\)$/);
    expect(list[0].message.length).toBeLessThan(200);
    expect(list[0].sourceLine?.length).toBe(400);
  });
});

describe('impossible-date', () => {
  it.each([
    ['1990.13.01', 'there is no month 13'],
    ['1990.00.??', 'there is no month 00'],
    ['1990.05.00', 'there is no day 00'],
    ['1990.??.32', 'no month has 32 days'],
    ['1990.04.31', 'April has 30 days'],
    ['1990.02.29', '1990 is not a leap year: February has 28 days'],
    ['1900.02.29', '1900 is not a leap year: February has 28 days'],
    ['2020.02.30', 'February has 29 days'],
    ['0999.??.??', 'the year 0999 is before any recorded game of modern chess'],
    ['0000.??.??', 'the year 0000 is before any recorded game of modern chess'],
    ['2024.06.18', 'the date is in the future'],
    ['2024.07.??', 'the date is in the future'],
    ['2025.??.??', 'the date is in the future'],
  ])('%s: %s', (date, reason) => {
    const list = findings(game(withRoster({ 2: `[Date "${date}"]` })));
    expect(brief(list)).toEqual([{ severity: 'error', code: 'impossible-date', line: 3, column: 1, width: 19 }]);
    expect(list[0].message).toBe(`the Date "${date}" cannot be right: ${reason}`);
  });

  it.each(['2000.02.29', '2024.02.29', '????.02.29', '1475.??.??', '2024.06.16', '2024.??.??', '1990.??.15'])('accepts %s', (date) => {
    expect(findings(game(withRoster({ 2: `[Date "${date}"]` })))).toEqual([]);
  });
});

describe('SetUp and FEN', () => {
  const fen = '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]';
  const moves = '1. e4 Kd7 *';

  it('accepts SetUp "1" with a FEN', () => {
    expect(findings(game(withRoster({ 6: '[Result "*"]' }, ['[SetUp "1"]', fen]), moves))).toEqual([]);
  });

  it('reports a FEN without SetUp at the FEN tag', () => {
    const list = findings(game(withRoster({ 6: '[Result "*"]' }, [fen]), moves));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'fen-without-setup', line: 8, column: 1, width: fen.length }]);
  });

  it('reports a FEN with SetUp "0"', () => {
    const list = findings(game(withRoster({ 6: '[Result "*"]' }, ['[SetUp "0"]', fen]), moves));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'fen-without-setup', line: 9, column: 1, width: fen.length }]);
    expect(list[0].message).toBe('a FEN tag with SetUp "0": the standard asks for SetUp "1" with a FEN');
  });

  it('reports SetUp "1" without a FEN as an error at the SetUp tag', () => {
    const list = findings(game([...ROSTER, '[SetUp "1"]']));
    expect(brief(list)).toEqual([{ severity: 'error', code: 'setup-without-fen', line: 8, column: 1, width: 11 }]);
  });
});

describe('line-too-long', () => {
  const comment = `{${'a'.repeat(298)}}`;

  it('reports the first over-long line once, with the caret past the limit', () => {
    const list = findings(game(ROSTER, `1. e4 e5\n${comment}\n2. Nf3 ${comment} 1-0`));
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'line-too-long', line: 10, column: 256, width: 45 }]);
    expect(list[0].message).toBe('the line has 300 characters, more than 255 (2 lines of this game are, the longest 311)');
    expect(list[0].sourceLine).toBe(comment);
  });

  it('follows maxLineLength, and a long line ending in CR LF counts without the CR', () => {
    const config = mergeRuleConfig(DEFAULT_RULE_CONFIG, { maxLineLength: 79 });
    const moves = `1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 1-0`;
    expect(moves.length).toBe(95);
    const list = findings(game(ROSTER, moves).replace(/\n/g, '\r\n'), config);
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'line-too-long', line: 9, column: 80, width: 16 }]);
    expect(list[0].sourceLine).toBe(moves);
    expect(findings(game(ROSTER, moves).replace(/\n/g, '\r\n'), mergeRuleConfig(config, { maxLineLength: 95 }))).toEqual([]);
  });

  it('counts the first line from the file line\'s start', () => {
    const inputs = [...ruleInputs(`[Event "a"]\n\n1. e4 e5 1-0 ${ROSTER.join(' ')}\n1. d4 d5 1-0\n`)];
    const config = mergeRuleConfig(DEFAULT_RULE_CONFIG, { maxLineLength: 100 });
    const list = archiveFindings(inputs[1], config, { now: NOW });
    const length = 13 + ROSTER.join(' ').length;
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'line-too-long', line: 3, column: 101, width: length - 100 }]);
  });
});

describe('non-export-san', () => {
  const tags = withRoster({ 6: '[Result "*"]' });
  // e2-e4 (long form) and 0-0 are not export SAN; Bb5 lacks its + and dc6 its x, which @zapis/game reports per move.
  const moves = '1. e2-e4 d6 2. Bb5 c6 3. Bc4 Nf6 4. Nf3 Bg4 5. 0-0 e6 6. Bxe6 fxe6 7. d4 d5 8. exd5 cd5 *';

  it('reports one finding at the first such move, counting only what the game codes do not', () => {
    const input = ruleInput(game(tags, moves));
    expect(input.record.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual([`missing-check-mark@9:${moves.indexOf('Bb5') + 1}`, `missing-capture-mark@9:${moves.indexOf('cd5') + 1}`]);
    const list = archiveFindings(input, DEFAULT_RULE_CONFIG, { now: NOW });
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'non-export-san', line: 9, column: 4, width: 5 }]);
    expect(list[0]).toMatchObject({
      message: "2 of 16 moves are not in export SAN; the first is 1. 'e2-e4' (export SAN: e4)",
      ply: 1, moveNumber: 1, side: 'white', text: 'e2-e4', suggestions: ['e4'], sourceLine: moves,
    });
  });

  it('says nothing when every difference is already a game diagnostic', () => {
    expect(findings(game(tags, '1. e4 d6 2. Bb5 c6 3. Bd3 e5 4. Nf3 Bg4 5. Nc3 Bf3 *'))).toEqual([]);
  });

  it('names a black move with an ellipsis', () => {
    const moves = '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 0-0 1-0';
    const list = findings(game(withRoster({}), moves));
    expect(list[0].message).toBe("1 of 10 moves is not in export SAN; the first is 5... '0-0' (export SAN: O-O)");
    expect(brief(list)).toEqual([{ severity: 'warning', code: 'non-export-san', line: 9, column: moves.indexOf('0-0 ') + 1, width: 3 }]);
  });

  it('reports a game in other piece letters', () => {
    const list = findings(game(tags, '1. e4 e5 2. Sf3 Sc6 3. Gb5 a6 *'));
    expect(list.map((d) => d.message)).toEqual(["3 of 6 moves are not in export SAN; the first is 2. 'Sf3' (export SAN: Nf3)"]);
  });

  it('has nothing to say about a game read by the export-format fast path', () => {
    expect(findings(game(tags, moves), DEFAULT_RULE_CONFIG, { fastPath: true })).toEqual([]);
  });
});

describe('configured severities', () => {
  const text = game(withRoster({ 2: '[Date "1990.13.01"]', 3: undefined }, ['[SetUp "1"]']));

  it('re-levels and turns off archive codes, leaving the others at their defaults', () => {
    const config = mergeRuleConfig(DEFAULT_RULE_CONFIG, { severities: { 'impossible-date': 'info', 'missing-tag': 'off' } });
    expect(brief(findings(text, config))).toEqual([
      { severity: 'info', code: 'impossible-date', line: 3, column: 1, width: 19 },
      { severity: 'error', code: 'setup-without-fen', line: 7, column: 1, width: 11 },
    ]);
    expect(brief(findings(text)).map((d) => `${d.severity}:${d.code}`)).toEqual(['warning:missing-tag', 'error:impossible-date', 'error:setup-without-fen']);
  });
});

describe('tags read as written (the fast lane)', () => {
  it('judge from the tags alone when nothing is wrong, and give exactly the findings of a full read otherwise', () => {
    const sections = [
      ROSTER,
      withRoster({ 2: '[Date "1990.13.01"]' }),
      withRoster({ 2: '[Date "2030.01.01"]' }),
      withRoster({ 3: '[Round "third"]' }),
      withRoster({ 4: '[White ""]' }),
      withRoster({ 1: undefined }),
      [ROSTER[1], ROSTER[0], ...ROSTER.slice(2)],
      ['[ECO "C60"]', ...ROSTER],
      withRoster({}, ['[ECO "C60"]', '[Annotator "x"]']),
    ];
    for (const tags of sections) {
      const input = ruleInput(game(tags), { fastPath: true });
      const asWritten = archiveFindings({ ...input, tagsAsWritten: true }, DEFAULT_RULE_CONFIG, { now: NOW });
      expect(brief(asWritten), tags.join(' ')).toEqual(brief(archiveFindings(input, DEFAULT_RULE_CONFIG, { now: NOW })));
    }
    expect(archiveFindings({ ...ruleInput(game(ROSTER), { fastPath: true }), tagsAsWritten: true }, DEFAULT_RULE_CONFIG, { now: NOW })).toEqual([]);
  });
});
