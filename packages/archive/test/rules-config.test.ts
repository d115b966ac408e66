import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GAME_CODES } from '@zapis/game';
import { PROBLEM_MESSAGES } from '@zapis/notation';
import type { GameRecord, RecordDiagnostic } from '../src/record.js';
import { ARCHIVE_RULE_CODES, DEFAULT_ARCHIVE_SEVERITIES } from '../src/rules/archive-codes.js';
import {
  DEFAULT_RULE_CONFIG, KNOWN_RULE_CODES, applyRuleConfig, applyRuleConfigToRecord, closeRuleCodes, loadRuleConfig,
  mergeRuleConfig, parseRuleConfigText, parseRuleFlag, parseRuleFlags, settingFor,
} from '../src/rules/rule-config.js';

const directories: string[] = [];
function directoryWith(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'zapis-rules-'));
  directories.push(directory);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
  return directory;
}
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function errorOf<T>(result: { ok: true; value: T } | { ok: false; error: string }): string {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

function valueOf<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('the codes', () => {
  it('are kebab-case, each described, each with a default, none shared with @zapis/game or @zapis/notation', () => {
    for (const code of Object.keys(ARCHIVE_RULE_CODES)) {
      expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(code in GAME_CODES || code in PROBLEM_MESSAGES).toBe(false);
    }
    expect(Object.keys(DEFAULT_ARCHIVE_SEVERITIES).sort()).toEqual(Object.keys(ARCHIVE_RULE_CODES).sort());
    expect(KNOWN_RULE_CODES.size).toBe(Object.keys(GAME_CODES).length + Object.keys(PROBLEM_MESSAGES).length + Object.keys(ARCHIVE_RULE_CODES).length);
  });
});

describe('--rule flags', () => {
  it('read code=level for any code', () => {
    expect(valueOf(parseRuleFlag('line-too-long=off'))).toEqual({ code: 'line-too-long', setting: 'off' });
    expect(valueOf(parseRuleFlag(' missing-check-mark = ERROR '))).toEqual({ code: 'missing-check-mark', setting: 'error' });
    expect(valueOf(parseRuleFlag('unknown-token=info'))).toEqual({ code: 'unknown-token', setting: 'info' });
  });

  it('let a later flag for the same code win', () => {
    expect(valueOf(parseRuleFlags(['duplicate-game=error', 'tag-order=off', 'duplicate-game=info']))).toEqual({
      severities: { 'duplicate-game': 'info', 'tag-order': 'off' },
    });
  });

  it('name close codes when the code is unknown', () => {
    expect(errorOf(parseRuleFlag('line-to-long=off'))).toBe("--rule line-to-long=off: unknown code 'line-to-long'; did you mean 'line-too-long'?");
    expect(errorOf(parseRuleFlag('capture-mark=off'))).toBe("--rule capture-mark=off: unknown code 'capture-mark'; did you mean 'extra-capture-mark', 'missing-capture-mark'?");
    expect(errorOf(parseRuleFlag('zzzzzzzz=off'))).toMatch(/^--rule zzzzzzzz=off: unknown code 'zzzzzzzz' \(the codes are listed/);
    expect(closeRuleCodes('missing-tags')).toEqual(['missing-tag']);
    expect(closeRuleCodes('tag')).toEqual(['duplicate-tag', 'invalid-fen-tag', 'malformed-tag']);
  });

  it('say what levels there are', () => {
    expect(errorOf(parseRuleFlag('tag-order=fatal'))).toBe('--rule tag-order=fatal: the level "fatal" is not one of error, warning, info, off');
    expect(errorOf(parseRuleFlag('tag-order'))).toBe('--rule tag-order: expected CODE=LEVEL, e.g. --rule line-too-long=off');
    expect(errorOf(parseRuleFlag('=off'))).toBe("--rule =off: the code is missing before '='");
    expect(errorOf(parseRuleFlags(['tag-order=off', 'tag-order=loud']))).toMatch(/the level "loud"/);
  });
});

describe('the config file', () => {
  it('reads rules and maxLineLength', () => {
    const text = JSON.stringify({ $schema: 'https://example.org/zapis.schema.json', rules: { 'missing-tag': 'error', 'over-disambiguation': 'off' }, maxLineLength: 79 });
    expect(valueOf(parseRuleConfigText(text, 'zapis.config.json'))).toEqual({ severities: { 'missing-tag': 'error', 'over-disambiguation': 'off' }, maxLineLength: 79 });
  });

  it.each([
    ['{ "rules": { "tag-order": "off", }', /^zapis\.config\.json:1:34: not valid JSON \(property name expected\)$/],
    ['', /^zapis\.config\.json:1:1: not valid JSON \(the file is empty\)$/],
    ['[1, 2]', /^zapis\.config\.json:1:1: expected a JSON object/],
    ['{ "rules": ["tag-order"] }', /^zapis\.config\.json:1:12: rules: expected an object of code → level$/],
    ['{ "rules": { "tag-ordre": "off" } }', /^zapis\.config\.json:1:14: rules\.tag-ordre: unknown code 'tag-ordre'; did you mean 'tag-order'\?$/],
    ['{\n  "rules": {\n    "tag-order": 2\n  }\n}', /^zapis\.config\.json:3:18: rules\.tag-order: the level 2 is not one of error, warning, info, off$/],
    ['{ "maxLineLength": 0 }', /^zapis\.config\.json:1:20: maxLineLength: expected a whole number of characters, at least 1 \(got 0\)$/],
    ['{ "maxLineLength": "80" }', /\(got "80"\)$/],
    ['{ "rule": {} }', /^zapis\.config\.json:1:3: rule: unknown key; did you mean "rules"\?$/],
    ['{ "colour": true }', /^zapis\.config\.json:1:3: colour: unknown key \(the keys are "rules" and "maxLineLength"\)$/],
  ])('rejects %s with a message naming the file, line, column and key', (text, message) => {
    expect(errorOf(parseRuleConfigText(text, 'zapis.config.json'))).toMatch(message);
  });
});

describe('loadRuleConfig', () => {
  it('gives the defaults when there is no file and no flag', () => {
    expect(valueOf(loadRuleConfig({ directory: directoryWith({}) }))).toEqual(DEFAULT_RULE_CONFIG);
  });

  it('finds zapis.config.json, else .zapisrc.json, in the directory', () => {
    const both = directoryWith({ 'zapis.config.json': '{ "maxLineLength": 100 }', '.zapisrc.json': '{ "maxLineLength": 120 }' });
    expect(valueOf(loadRuleConfig({ directory: both }))).toEqual({ severities: {}, maxLineLength: 100, configFile: join(both, 'zapis.config.json') });
    const rc = directoryWith({ '.zapisrc.json': '{ "rules": { "tag-order": "off" } }' });
    expect(valueOf(loadRuleConfig({ directory: rc })).severities).toEqual({ 'tag-order': 'off' });
  });

  it('lets flags override the file, code by code', () => {
    const directory = directoryWith({ 'zapis.config.json': '{ "rules": { "tag-order": "off", "duplicate-game": "error" }, "maxLineLength": 79 }' });
    const config = valueOf(loadRuleConfig({ directory, ruleFlags: ['tag-order=info', 'line-too-long=off'] }));
    expect(config.severities).toEqual({ 'tag-order': 'info', 'duplicate-game': 'error', 'line-too-long': 'off' });
    expect(config.maxLineLength).toBe(79);
  });

  it('uses an explicit --config file instead of the directory\'s, and says when it is missing or bad', () => {
    const directory = directoryWith({ 'zapis.config.json': '{ "maxLineLength": 100 }', 'strict.json': '{ "rules": { "tag-order": "error" } }', 'bad.json': '{ "rules": { "nope": "off" } }' });
    expect(valueOf(loadRuleConfig({ directory, configFile: join(directory, 'strict.json') }))).toMatchObject({ severities: { 'tag-order': 'error' }, maxLineLength: 255 });
    expect(errorOf(loadRuleConfig({ directory, configFile: join(directory, 'absent.json') }))).toBe(`${join(directory, 'absent.json')}: cannot read the config file (no such file)`);
    expect(errorOf(loadRuleConfig({ directory, configFile: join(directory, 'bad.json') }))).toMatch(/bad\.json:\d+:\d+: rules\.nope: unknown code 'nope'/);
    expect(errorOf(loadRuleConfig({ directory, ruleFlags: ['nope=off'] }))).toMatch(/^--rule nope=off: unknown code/);
  });
});

describe('applying a config', () => {
  const diagnostic = (code: RecordDiagnostic['code'], severity: RecordDiagnostic['severity']): RecordDiagnostic =>
    ({ severity, code, message: code, file: 'a.pgn', line: 1, column: 1 });
  const diagnostics = [diagnostic('illegal-move', 'error'), diagnostic('missing-check-mark', 'warning'), diagnostic('unknown-token', 'error'), diagnostic('tag-order', 'warning')];

  it('returns the same array when nothing changes', () => {
    expect(applyRuleConfig(diagnostics, DEFAULT_RULE_CONFIG)).toBe(diagnostics);
    expect(applyRuleConfig(diagnostics, mergeRuleConfig(DEFAULT_RULE_CONFIG, { severities: { 'illegal-move': 'error' } }))).toBe(diagnostics);
  });

  it('re-levels and drops game, notation and archive codes alike', () => {
    const config = mergeRuleConfig(DEFAULT_RULE_CONFIG, { severities: { 'missing-check-mark': 'off', 'unknown-token': 'warning', 'tag-order': 'info' } });
    expect(applyRuleConfig(diagnostics, config).map((d) => `${d.severity}:${d.code}`)).toEqual(['error:illegal-move', 'warning:unknown-token', 'info:tag-order']);
    expect(diagnostics[2].severity).toBe('error');
  });

  it('sets a record\'s status from what is left', () => {
    const record: GameRecord = { file: 'a.pgn', index: 1, line: 1, tags: {}, language: 'en', status: 'error', plies: 0, san: [], fen: '', diagnostics: [diagnostics[2]] };
    const relaxed = applyRuleConfigToRecord(record, mergeRuleConfig(DEFAULT_RULE_CONFIG, { severities: { 'unknown-token': 'warning' } }));
    expect(relaxed.status).toBe('ok');
    expect(relaxed.diagnostics.map((d) => d.severity)).toEqual(['warning']);
    expect(applyRuleConfigToRecord(record, DEFAULT_RULE_CONFIG)).toBe(record);
  });

  it('knows the default of an archive code and nothing of a game code unless configured', () => {
    expect(settingFor(DEFAULT_RULE_CONFIG, 'impossible-date')).toBe('error');
    expect(settingFor(DEFAULT_RULE_CONFIG, 'illegal-move')).toBeUndefined();
    expect(settingFor(mergeRuleConfig(DEFAULT_RULE_CONFIG, { severities: { 'illegal-move': 'off' } }), 'illegal-move')).toBe('off');
  });
});
