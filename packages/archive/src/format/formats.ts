/** The report formats `--format` names, and the writer for each. */
import { createGithubWriter } from './github-format.js';
import { createJunitWriter } from './junit-format.js';
import { createNdjsonWriter } from './ndjson-format.js';
import type { ReportWriter, WriterOptions } from './report-writer.js';
import { createSarifWriter } from './sarif-format.js';
import { createTextWriter } from './text-format.js';

export const REPORT_FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function isReportFormat(value: string): value is ReportFormat {
  return (REPORT_FORMATS as readonly string[]).includes(value);
}

/** A fresh writer (writers keep state across one report, so one per report). */
export function createWriter(format: ReportFormat, options: WriterOptions): ReportWriter {
  switch (format) {
    case 'text':
      return createTextWriter(options);
    case 'json':
      return createNdjsonWriter(options);
    case 'sarif':
      return createSarifWriter(options);
    case 'junit':
      return createJunitWriter(options);
    case 'github':
      return createGithubWriter(options);
  }
}
