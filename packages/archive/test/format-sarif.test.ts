/**
 * SARIF output checked against the SARIF 2.1.0 JSON schema as Microsoft's SARIF
 * SDK ships it on npm (@microsoft/jest-sarif: sarif-2.1.0-rtm.5.json, the
 * OASIS 2.1.0 schema under its schemastore name; a draft-04 schema, hence
 * ajv-draft-04), with formats checked (uri-reference, uri, date-time).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { skipWithoutShared } from '@zapis/testkit';
import { shownDiagnostics } from '../src/format/report-writer.js';
import { artifactUri } from '../src/format/sarif-format.js';
import type { GameRecord, RecordDiagnosticCode } from '../src/record.js';
import { realRecords } from './fixtures/real-records.js';
import { HOSTILE, OPTIONS, diagnostic, record, render } from './fixtures/render.js';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as Record<string, unknown>;
// The schema's `language` pattern has a stray `]` that is only legal without the u flag, so patterns compile without it.
// Both are CommonJS with `exports.default` set to the module itself: `.default` is right under any interop.
const ajv = new ajvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
ajvFormats.default(ajv);
const validate = ajv.compile(schema);

function schemaErrors(document: unknown): string[] {
  return validate(document) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: Record<string, number> } }[];
  properties: Record<string, unknown>;
}
interface SarifRun {
  results: SarifResult[];
  tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string } }[] } };
  invocations: { executionSuccessful: boolean; toolExecutionNotifications: unknown[] }[];
  properties: { summary: Record<string, unknown> };
}
interface SarifLog {
  version: string;
  runs: SarifRun[];
}

function sarif(records: readonly GameRecord[], options: Parameters<typeof render>[2] = {}, unreadable: Parameters<typeof render>[3] = []): SarifLog {
  return JSON.parse(render('sarif', records, options, unreadable).output) as SarifLog;
}

describe('the SARIF format', () => {
  it('is checked by a validator that rejects what the schema forbids', () => {
    const log = sarif([record({ diagnostics: [diagnostic()] })]);
    expect(schemaErrors(log)).toEqual([]);
    log.runs[0].results[0].level = 'fatal';
    expect(schemaErrors(log).length).toBeGreaterThan(0);
    const noLine = sarif([record({ diagnostics: [diagnostic()] })]);
    (noLine.runs[0].results[0].locations[0].physicalLocation.region as Record<string, number>).startLine = 0;
    expect(schemaErrors(noLine).length).toBeGreaterThan(0);
    expect(schemaErrors({ ...log, version: '2.0.0' }).length).toBeGreaterThan(0);
    const spaced = sarif([record({ diagnostics: [diagnostic()] })]);
    spaced.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 'a folder/a.pgn';
    expect(schemaErrors(spaced).join()).toContain('uri-reference');
  });

  it('writes valid SARIF for no games, and for hostile text, odd names, stdin and unreadable inputs', () => {
    expect(schemaErrors(sarif([]))).toEqual([]);
    const games = [
      record({ file: '<stdin>', diagnostics: [diagnostic({ file: '<stdin>', message: HOSTILE, code: 'odd code' as RecordDiagnosticCode })] }),
      record({ file: 'folder with space/Łódź #1.pgn', index: 2, diagnostics: [diagnostic({ file: 'folder with space/Łódź #1.pgn', line: 0, column: 0 })] }),
      record({ file: 'C:\\games\\win.pgn', index: 3, diagnostics: [diagnostic({ file: 'C:\\games\\win.pgn', severity: 'info', code: 'move-number-mismatch' })] }),
    ];
    const log = sarif(games, { show: 'info', shard: { index: 2, count: 3 } }, [{ file: 'gone.pgn', reason: 'no such file' }]);
    expect(schemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.results.map((result) => result.locations[0].physicalLocation.artifactLocation.uri)).toEqual([
      '%3Cstdin%3E',
      'folder%20with%20space/%C5%81%C3%B3d%C5%BA%20%231.pgn',
      'file:///C:/games/win.pgn',
    ]);
    expect(decodeURIComponent(run.results[0].locations[0].physicalLocation.artifactLocation.uri)).toBe('<stdin>');
    expect(run.results[0].message.text.startsWith(HOSTILE)).toBe(true);
    expect(run.results[1].locations[0].physicalLocation).not.toHaveProperty('region');
    expect(run.results[2].level).toBe('note');
    expect(run.invocations[0].executionSuccessful).toBe(false);
    expect(run.invocations[0].toolExecutionNotifications).toHaveLength(1);
    expect(run.properties.summary).toMatchObject({ games: 3, shard: { index: 2, count: 3 } });
  });

  it('makes URIs of relative paths relative, with forward slashes, and of absolute ones file: URIs', () => {
    expect(artifactUri('games/a.pgn')).toBe('games/a.pgn');
    expect(artifactUri('games\\a.pgn')).toBe('games/a.pgn');
    expect(artifactUri('a:b.pgn')).toBe('a%3Ab.pgn');
    expect(artifactUri('/data/x y.pgn')).toBe('file:///data/x%20y.pgn');
  });

  it.skipIf(skipWithoutShared())('validates on real games, one result per shown diagnostic, with rules known at the end', async () => {
    const { records } = await realRecords(120, 6);
    for (const show of ['info', 'warning', 'error'] as const) {
      const { output, pieces } = render('sarif', records, { show });
      const log = JSON.parse(output) as SarifLog;
      expect(schemaErrors(log)).toEqual([]);
      // Streamed: the pieces of games with nothing shown are empty, and each result is written by its own game.
      records.forEach((game, i) => expect(pieces[i + 1] !== '').toBe(shownDiagnostics(game, show).length > 0));
      const shown = records.flatMap((game) => shownDiagnostics(game, show).map((d) => ({ game, d })));
      const run = log.runs[0];
      expect(run.results).toHaveLength(shown.length);
      run.results.forEach((result, i) => {
        const { game, d } = shown[i];
        expect(result.ruleId).toBe(d.code);
        expect(run.tool.driver.rules[result.ruleIndex].id).toBe(d.code);
        expect(result.locations[0].physicalLocation.region).toMatchObject({ startLine: d.line, startColumn: d.column });
        expect(result.properties.game).toBe(game.index);
      });
      expect(new Set(run.tool.driver.rules.map((rule) => rule.id))).toEqual(new Set(shown.map(({ d }) => d.code)));
      expect(run.tool.driver).toMatchObject({ name: 'zapis', version: OPTIONS.toolVersion });
      expect(run.properties.summary.games).toBe(120);
    }
    const errors = JSON.parse(render('sarif', records, { show: 'error' }).output) as SarifLog;
    expect(errors.runs[0].results.length).toBeGreaterThanOrEqual(20);
    expect(errors.runs[0].tool.driver.rules.find((rule) => rule.id === 'no-piece-can-reach')?.shortDescription.text).toBe(OPTIONS.ruleDescriptions['no-piece-can-reach']);
  });
});
