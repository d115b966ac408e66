import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { skipWithoutShared } from '@zapis/testkit';
import { escapeXmlAttribute, escapeXmlText, stripForbiddenXml } from '../src/format/junit-format.js';
import type { GameRecord, RecordDiagnosticCode } from '../src/record.js';
import { realRecords } from './fixtures/real-records.js';
import { HOSTILE, diagnostic, record, render } from './fixtures/render.js';

interface Failure {
  message: string;
  type: string;
  '#text'?: string;
}
interface Testcase {
  name: string;
  classname: string;
  failure?: Failure;
  error?: Failure;
  'system-out'?: string;
}
interface Testsuite {
  name: string;
  testcase: Testcase[];
  properties: { property: { name: string; value: string }[] };
  'system-out': string;
}
interface Junit {
  testsuites: { name: string; testsuite?: Testsuite[] };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Numeric character references (&#10; for a line break in an attribute) are decoded with this one.
  htmlEntities: true,
  isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
});

function parseJunit(xml: string): Junit {
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw new Error(`not well-formed XML: ${JSON.stringify(wellFormed.err)}`);
  return parser.parse(xml) as Junit;
}

/** The control characters of HOSTILE: XML 1.0 has no way to carry them, so they are the only characters allowed to go missing. */
const CONTROLS = ['\u0001', '\u0008', '\u001f'];
const withoutControls = (text: string): string => [...text].filter((character) => !CONTROLS.includes(character)).join('');
const XML_SAFE_HOSTILE = withoutControls(HOSTILE);

describe('the JUnit format', () => {
  it('escapes text and attributes and strips what XML 1.0 cannot hold', () => {
    expect(stripForbiddenXml(`a\u0000b\u0007c\uFFFEd\uD800e\tf\u{1D11E}`)).toBe('abcde\tf\u{1D11E}');
    expect(escapeXmlText('a]]>b<&')).toBe('a]]&gt;b&lt;&amp;');
    expect(escapeXmlAttribute('"\'\n\r\t')).toBe('&quot;&apos;&#10;&#13;&#9;');
  });

  it('round-trips hostile names, messages and file names through an XML parser', () => {
    const file = `dir/<&"${HOSTILE}".pgn`;
    const games: GameRecord[] = [
      record({ file, tags: { White: HOSTILE, Black: 'Müller ]]>', Event: '<Event & "Co">' }, diagnostics: [diagnostic({ file, message: HOSTILE, code: 'code&<"' as RecordDiagnosticCode })] }),
      record({ file, index: 2 }),
    ];
    const xml = render('junit', games).output;
    expect(withoutControls(xml)).toBe(xml);
    expect(xml.replace(/<!--[^]*?-->/g, '')).not.toContain(']]>');
    const suites = parseJunit(xml).testsuites.testsuite ?? [];
    expect(suites).toHaveLength(1);
    const suite = suites[0];
    expect(suite.name).toBe(withoutControls(file));
    const [bad, good] = suite.testcase;
    expect(bad.name).toBe(`game 1: ${XML_SAFE_HOSTILE} - Müller ]]> (<Event & "Co">)`);
    expect(bad.classname).toBe(suite.name);
    expect(bad.failure?.message).toBe(XML_SAFE_HOSTILE);
    expect(bad.failure?.type).toBe('code&<"');
    expect(bad.failure?.['#text']).toContain(`error[code&<"]: ${XML_SAFE_HOSTILE}`);
    expect(good.failure).toBeUndefined();
    expect(good.name).toBe('game 2: Anand - Carlsen (WCh)');
  });

  it('opens a suite per file in input order, says its counts at its end, and fails unreadable inputs', () => {
    const games = [
      record({ file: 'a.pgn', index: 1 }),
      record({ file: 'a.pgn', index: 2, diagnostics: [diagnostic(), diagnostic({ message: 'second' })] }),
      record({ file: 'b.pgn', index: 1, diagnostics: [diagnostic({ severity: 'warning', code: 'over-disambiguation', message: 'written N-f3' })] }),
    ];
    const junit = parseJunit(render('junit', games, { shard: { index: 1, count: 2 } }, [{ file: 'gone.pgn', reason: 'no such file' }]).output);
    expect(junit.testsuites.name).toBe('zapis validate');
    const suites = junit.testsuites.testsuite ?? [];
    expect(suites.map((suite) => suite.name)).toEqual(['a.pgn', 'b.pgn', 'gone.pgn']);
    expect(suites.map((suite) => suite.testcase.length)).toEqual([2, 1, 1]);
    expect(suites[0]['system-out']).toBe('a.pgn: 2 games, 1 with errors');
    expect(suites[0].testcase[1].failure?.message).toBe('Nf6 is not legal here (and 1 more)');
    expect(suites[0].testcase[1].failure?.['#text']).toContain('second');
    expect(suites[0].properties.property).toEqual([{ name: 'zapis.version', value: '0.1.0-test' }, { name: 'zapis.shard', value: '1/2' }]);
    expect(suites[1].testcase[0].failure).toBeUndefined();
    expect(suites[1].testcase[0]['system-out']).toContain('warning[over-disambiguation]: written N-f3');
    expect(suites[2].testcase[0].error).toMatchObject({ type: 'unreadable-input', message: 'cannot read gone.pgn: no such file' });
    expect(parseJunit(render('junit', []).output).testsuites.testsuite).toBeUndefined();
  });

  it.skipIf(skipWithoutShared())('has one testcase per real game and one failure per game with errors, over several files', async () => {
    const first = await realRecords(80, 4, 'first.pgn');
    const second = await realRecords(30, 3, 'second.pgn');
    const records = [...first.records, ...second.records];
    const { output, pieces } = render('junit', records, { show: 'error' });
    // Streamed: each game's piece holds its own testcase.
    records.forEach((game, i) => expect(pieces[i + 1]).toContain(`<testcase name="game ${game.index}: `));
    const suites = parseJunit(output).testsuites.testsuite ?? [];
    expect(suites.map((suite) => suite.name)).toEqual(['first.pgn', 'second.pgn']);
    const testcases = suites.flatMap((suite) => suite.testcase);
    expect(testcases).toHaveLength(records.length);
    const failed = records.filter((game) => game.status === 'error');
    expect(failed.length).toBeGreaterThanOrEqual(25);
    expect(testcases.filter((testcase) => testcase.failure !== undefined)).toHaveLength(failed.length);
    testcases.forEach((testcase, i) => {
      const game = records[i];
      expect(testcase.name).toBe(`game ${game.index}: ${game.tags?.White} - ${game.tags?.Black}${game.tags?.Event && game.tags?.Event !== '?' ? ` (${game.tags?.Event})` : ''}`);
      expect(testcase.classname).toBe(game.file);
      if (game.status === 'error') expect(testcase.failure?.type).toBe(game.diagnostics.find((d) => d.severity === 'error')?.code);
    });
  });
});
