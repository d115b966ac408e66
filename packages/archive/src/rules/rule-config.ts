/**
 * How a project sets the severity of any code (game, notation or archive):
 * `--rule code=error|warning|info|off` flags, a JSON config file, the two
 * merged (flags win), and the result applied to a game's diagnostics.
 * Bad user input comes back as an error value with a message, never a throw.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distance as editDistance } from 'fastest-levenshtein';
import { getNodeValue, type Node as JsonNode, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Result } from '@zapis/core';
import { GAME_CODES } from '@zapis/game';
import { PROBLEM_MESSAGES } from '@zapis/notation';
import type { GameRecord, RecordDiagnostic } from '../record.js';
import type { RuleConfig, RuleSetting } from '../rule-contract.js';
import { ARCHIVE_RULE_CODES, DEFAULT_ARCHIVE_SEVERITIES, DEFAULT_MAX_LINE_LENGTH, isArchiveRuleCode } from './archive-codes.js';

export const RULE_SETTINGS: readonly RuleSetting[] = ['error', 'warning', 'info', 'off'];

/** Looked for in the current directory, in this order, when no `--config` is given. */
export const CONFIG_FILE_NAMES: readonly string[] = ['zapis.config.json', '.zapisrc.json'];

export const DEFAULT_RULE_CONFIG: RuleConfig = { severities: {}, maxLineLength: DEFAULT_MAX_LINE_LENGTH };

/** Every code a setting may name. */
export const KNOWN_RULE_CODES: ReadonlySet<string> = new Set([
  ...Object.keys(GAME_CODES),
  ...Object.keys(PROBLEM_MESSAGES),
  ...Object.keys(ARCHIVE_RULE_CODES),
]);

/** What a config file or a set of flags says; absent fields leave the base alone. */
export interface RuleConfigPatch {
  readonly severities?: Readonly<Record<string, RuleSetting>>;
  readonly maxLineLength?: number;
}

const isRuleSetting = (value: unknown): value is RuleSetting =>
  typeof value === 'string' && (RULE_SETTINGS as readonly string[]).includes(value);

/** Up to three known codes close to a mistyped one: a typo away, or containing it. */
export function closeRuleCodes(code: string, codes: ReadonlySet<string> = KNOWN_RULE_CODES): string[] {
  const wanted = code.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 4));
  const scored: { code: string; distance: number }[] = [];
  for (const known of codes) {
    const distance = known.includes(wanted) || wanted.includes(known) ? 0.5 : editDistance(wanted, known);
    if (distance <= limit) scored.push({ code: known, distance });
  }
  scored.sort((a, b) => a.distance - b.distance || a.code.localeCompare(b.code));
  return scored.slice(0, 3).map((entry) => entry.code);
}

function unknownCodeMessage(code: string, where: string, codes: ReadonlySet<string>): string {
  const close = closeRuleCodes(code, codes);
  return close.length > 0
    ? `${where}: unknown code '${code}'; did you mean ${close.map((known) => `'${known}'`).join(', ')}?`
    : `${where}: unknown code '${code}' (the codes are listed in the documentation of @zapis/game, @zapis/notation and @zapis/archive)`;
}

const badLevelMessage = (where: string, value: unknown): string =>
  `${where}: the level ${JSON.stringify(value)} is not one of ${RULE_SETTINGS.join(', ')}`;

/** One `--rule code=level` flag. */
export function parseRuleFlag(flag: string, codes: ReadonlySet<string> = KNOWN_RULE_CODES): Result<{ code: string; setting: RuleSetting }, string> {
  const where = `--rule ${flag}`;
  const equals = flag.indexOf('=');
  if (equals < 0) return { ok: false, error: `${where}: expected CODE=LEVEL, e.g. --rule line-too-long=off` };
  const code = flag.slice(0, equals).trim();
  const setting = flag.slice(equals + 1).trim().toLowerCase();
  if (code === '') return { ok: false, error: `${where}: the code is missing before '='` };
  if (!codes.has(code)) return { ok: false, error: unknownCodeMessage(code, where, codes) };
  if (!isRuleSetting(setting)) return { ok: false, error: badLevelMessage(where, flag.slice(equals + 1).trim()) };
  return { ok: true, value: { code, setting } };
}

/** Repeated `--rule` flags; a later flag for the same code wins. */
export function parseRuleFlags(flags: readonly string[], codes: ReadonlySet<string> = KNOWN_RULE_CODES): Result<RuleConfigPatch, string> {
  const severities: Record<string, RuleSetting> = {};
  for (const flag of flags) {
    const parsed = parseRuleFlag(flag, codes);
    if (!parsed.ok) return parsed;
    severities[parsed.value.code] = parsed.value.setting;
  }
  return { ok: true, value: { severities } };
}

/** `file:line:column` for an offset in `text` (1-based), as editors and CI annotations read it. */
function placeOf(text: string, offset: number, file: string): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return `${file}:${line}:${column}`;
}

/**
 * A config file's text: `{ "rules": { "code": "off" }, "maxLineLength": 255 }`.
 * Every error names the file, line and column and the key (`zapis.config.json:3:18: rules.tag-ordre: …`).
 * Unknown keys are errors: a mistyped key would otherwise be a setting silently not applied.
 */
export function parseRuleConfigText(text: string, file: string, codes: ReadonlySet<string> = KNOWN_RULE_CODES): Result<RuleConfigPatch, string> {
  const syntax: ParseError[] = [];
  const root = parseTree(text, syntax, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (syntax.length > 0 || root === undefined) {
    const offset = syntax[0]?.offset ?? 0;
    const reason = text.trim() === '' ? 'the file is empty' : printParseErrorCode(syntax[0]?.error ?? 0).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return { ok: false, error: `${placeOf(text, offset, file)}: not valid JSON (${reason})` };
  }
  const at = (node: JsonNode, path: string, detail: string): Result<never, string> =>
    ({ ok: false, error: `${placeOf(text, node.offset, file)}: ${path ? `${path}: ` : ''}${detail}` });
  if (root.type !== 'object') return at(root, '', 'expected a JSON object like { "rules": { "line-too-long": "off" } }');
  let severities: Record<string, RuleSetting> | undefined;
  let maxLineLength: number | undefined;
  for (const property of root.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (keyNode === undefined || valueNode === undefined) continue;
    const key = String(keyNode.value);
    const value: unknown = getNodeValue(valueNode);
    if (key === '$schema') continue;
    if (key === 'rules') {
      if (valueNode.type !== 'object') return at(valueNode, 'rules', 'expected an object of code → level');
      severities = {};
      for (const rule of valueNode.children ?? []) {
        const [codeNode, settingNode] = rule.children ?? [];
        if (codeNode === undefined || settingNode === undefined) continue;
        const code = String(codeNode.value);
        const setting: unknown = getNodeValue(settingNode);
        if (!codes.has(code)) return at(codeNode, '', unknownCodeMessage(code, `rules.${code}`, codes));
        if (!isRuleSetting(setting)) return at(settingNode, '', badLevelMessage(`rules.${code}`, setting));
        severities[code] = setting;
      }
    } else if (key === 'maxLineLength') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
        return at(valueNode, 'maxLineLength', `expected a whole number of characters, at least 1 (got ${JSON.stringify(value)})`);
      }
      maxLineLength = value;
    } else {
      const close = ['rules', 'maxLineLength'].filter((known) => editDistance(key.toLowerCase(), known.toLowerCase()) <= 3);
      return at(keyNode, key, `unknown key${close.length > 0 ? `; did you mean "${close[0]}"?` : ' (the keys are "rules" and "maxLineLength")'}`);
    }
  }
  return { ok: true, value: { ...(severities ? { severities } : {}), ...(maxLineLength !== undefined ? { maxLineLength } : {}) } };
}

/** The config file of a directory, if there is one. */
export function findRuleConfigFile(directory: string): string | undefined {
  for (const name of CONFIG_FILE_NAMES) {
    const path = join(directory, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Reads and checks one config file. */
export function readRuleConfigFile(file: string, codes: ReadonlySet<string> = KNOWN_RULE_CODES): Result<RuleConfigPatch, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : error instanceof Error ? error.message : String(error);
    return { ok: false, error: `${file}: cannot read the config file (${reason})` };
  }
  return parseRuleConfigText(text, file, codes);
}

/** Later patches override earlier ones, code by code. */
export function mergeRuleConfig(base: RuleConfig, ...patches: readonly RuleConfigPatch[]): RuleConfig {
  let severities = base.severities;
  let maxLineLength = base.maxLineLength;
  for (const patch of patches) {
    if (patch.severities) severities = { ...severities, ...patch.severities };
    if (patch.maxLineLength !== undefined) maxLineLength = patch.maxLineLength;
  }
  return { severities, maxLineLength };
}

export interface LoadRuleConfigOptions {
  /** `--config FILE`: must exist. Without it, the current directory's config file is used when there is one. */
  readonly configFile?: string;
  /** The `--rule` flags, in the order given. */
  readonly ruleFlags?: readonly string[];
  /** Where to look for a config file (default: the process's current directory). */
  readonly directory?: string;
  /** The codes settings may name (default: every game, notation and archive code). */
  readonly codes?: ReadonlySet<string>;
}

/** The defaults, then the config file, then the flags. */
export function loadRuleConfig(options: LoadRuleConfigOptions = {}): Result<RuleConfig & { readonly configFile?: string }, string> {
  const codes = options.codes ?? KNOWN_RULE_CODES;
  const configFile = options.configFile ?? findRuleConfigFile(options.directory ?? process.cwd());
  const patches: RuleConfigPatch[] = [];
  if (configFile !== undefined) {
    const fromFile = readRuleConfigFile(configFile, codes);
    if (!fromFile.ok) return fromFile;
    patches.push(fromFile.value);
  }
  const fromFlags = parseRuleFlags(options.ruleFlags ?? [], codes);
  if (!fromFlags.ok) return fromFlags;
  patches.push(fromFlags.value);
  const config = mergeRuleConfig(DEFAULT_RULE_CONFIG, ...patches);
  return { ok: true, value: configFile !== undefined ? { ...config, configFile } : config };
}

/** The setting of a code: as configured, else an archive rule's default; undefined keeps what the producer chose. */
export function settingFor(config: RuleConfig, code: string): RuleSetting | undefined {
  const configured = config.severities[code];
  if (configured !== undefined) return configured;
  return isArchiveRuleCode(code) ? DEFAULT_ARCHIVE_SEVERITIES[code] : undefined;
}

/**
 * Re-levels or drops diagnostics of any code as configured. Returns the same
 * array when nothing changes (the common case in a run of millions of games).
 */
export function applyRuleConfig(diagnostics: readonly RecordDiagnostic[], config: RuleConfig): readonly RecordDiagnostic[] {
  let changed: RecordDiagnostic[] | undefined;
  for (let index = 0; index < diagnostics.length; index++) {
    const diagnostic = diagnostics[index];
    const setting = config.severities[diagnostic.code];
    if (setting === undefined || setting === diagnostic.severity) {
      changed?.push(diagnostic);
      continue;
    }
    changed ??= diagnostics.slice(0, index);
    if (setting !== 'off') changed.push({ ...diagnostic, severity: setting });
  }
  return changed ?? diagnostics;
}

/** A record with its diagnostics re-levelled, and its status following them (ok when no error is left). */
export function applyRuleConfigToRecord(record: GameRecord, config: RuleConfig): GameRecord {
  const diagnostics = applyRuleConfig(record.diagnostics, config);
  if (diagnostics === record.diagnostics) return record;
  const status = diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'ok';
  return { ...record, diagnostics, status };
}
