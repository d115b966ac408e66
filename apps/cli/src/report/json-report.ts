/** NDJSON per ARCHITECTURE.md: one object per game in input order, then a summary object. */
import type { Diagnostic, GameReport, Repair } from '@zapis/game';

export interface JsonGame {
  readonly file: string;
  readonly index: number;
  readonly line: number;
  readonly tags: Readonly<Record<string, string>>;
  readonly language: string;
  readonly status: 'ok' | 'error';
  readonly plies: number;
  readonly san: readonly string[];
  readonly fen: string;
  readonly outcome?: string;
  readonly diagnostics: readonly Omit<Diagnostic, 'offset' | 'length'>[];
  readonly repairs?: readonly Repair[];
}

export function jsonGame(report: GameReport): JsonGame {
  return {
    file: report.file,
    index: report.index,
    line: report.line,
    tags: report.tags,
    language: report.language,
    status: report.status,
    plies: report.plies,
    san: report.san,
    fen: report.fen,
    ...(report.outcome ? { outcome: `${report.outcome.result} ${report.outcome.reason}` } : {}),
    diagnostics: report.diagnostics.map(({ offset: _offset, length: _length, ...rest }) => rest),
    ...(report.repairs.length > 0 ? { repairs: report.repairs } : {}),
  };
}

export class Summary {
  games = 0;
  ok = 0;
  failed = 0;
  plies = 0;
  errors = 0;
  warnings = 0;
  infos = 0;
  readonly byCode: Record<string, number> = {};
  readonly languages: Record<string, number> = {};
  readonly unreadable: { file: string; reason: string }[] = [];
  private readonly started = performance.now();

  add(report: GameReport): void {
    this.games++;
    if (report.status === 'ok') this.ok++;
    else this.failed++;
    this.plies += report.plies;
    this.languages[report.language] = (this.languages[report.language] ?? 0) + 1;
    for (const diagnostic of report.diagnostics) {
      if (diagnostic.severity === 'error') this.errors++;
      else if (diagnostic.severity === 'warning') this.warnings++;
      else this.infos++;
      this.byCode[diagnostic.code] = (this.byCode[diagnostic.code] ?? 0) + 1;
    }
  }

  toJSON() {
    const seconds = (performance.now() - this.started) / 1000;
    return {
      summary: {
        games: this.games,
        ok: this.ok,
        failed: this.failed,
        plies: this.plies,
        errors: this.errors,
        warnings: this.warnings,
        infos: this.infos,
        byCode: this.byCode,
        languages: this.languages,
        unreadable: this.unreadable,
        seconds: Number(seconds.toFixed(3)),
        gamesPerSecond: seconds > 0 ? Math.round(this.games / seconds) : this.games,
      },
    };
  }
}
