/**
 * What a conversion worker is asked and answers: the settings it starts with,
 * and one batch of whole games in, the games in export format out, as UTF-8
 * bytes (a worker moves them to the main thread rather than copying them).
 */
import type { ConvertProblem } from './convert-problems.js';
import { convertBatchPart, type ConvertLimits, type ConvertSettings } from './convert-batch.js';
import { decodeTextBytes } from './decode-batch.js';

export interface ConvertJobSettings extends ConvertSettings {
  /** How much the thread may hold (a worker's heap is small). Default: no limit. */
  readonly limits?: ConvertLimits;
}

export interface ConvertRequest {
  readonly file: string;
  readonly firstLine: number;
  readonly bytes: Uint8Array;
  /** Start here (a character offset of the batch's text): the rest of a batch handed back. */
  readonly from?: number;
}

export interface ConvertAnswer {
  /** The games in export format, in UTF-8, joined with a blank line between them; empty when there are none. */
  readonly output: Uint8Array;
  readonly games: number;
  readonly failed: number;
  readonly problems: ConvertProblem[];
  /** Set when the batch was handed back unfinished: convert it again from this character offset. */
  readonly resumeAt?: number;
}

export function createConvertJob(settings: ConvertJobSettings): (request: ConvertRequest) => ConvertAnswer {
  return (request) => {
    const part = convertBatchPart(decodeTextBytes(request.bytes), {
      ...settings, file: request.file, firstLine: request.firstLine,
    }, request.from ?? 0);
    return {
      output: part.output, games: part.games, failed: part.failed, problems: part.problems,
      ...(part.resumeAt !== undefined ? { resumeAt: part.resumeAt } : {}),
    };
  };
}
