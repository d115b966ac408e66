/** The CLI in-process: help, version, usage errors and the demo job. */
import { describe, expect, it } from 'vitest';
import { VERSION } from '../src/index.js';
import { run } from './run-cli.js';

describe('zapis CLI', () => {
  it('prints its version', async () => {
    const result = await run(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(VERSION);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints help naming its commands', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: zapis');
    expect(result.stdout).toContain('demo');
  });

  it('answers an unknown option with exit code 2 and no stack trace', async () => {
    const result = await run(['--no-such-flag']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--no-such-flag'");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('answers a missing fixtures folder with exit code 2 and one line', async () => {
    const result = await run(['demo', 'no/such/folder']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^zapis: no fixtures folder at no\/such\/folder: zapis demo wants the fixtures folder .*\n$/);
  });

  it('runs the demo on the bundled fixtures', async () => {
    const result = await run(['demo', 'fixtures']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('20 legal moves: Nc3 Na3 Nh3 Nf3');
    expect(result.stdout).toContain('outcome: 0-1 (checkmate)');
    expect(result.stdout).toContain('outcome: 1/2-1/2 (stalemate)');
    expect(result.stdout).toContain('outcome: 1/2-1/2 (dead-position)');
    expect(result.stdout).toContain('perft(3) = 97862');
    expect(result.stdout).toContain("castling '0-0' is not legal: f8 is occupied");
    expect(result.stdout).toContain('help: game 1: 8...Se7 → 8...Ge7');
    expect(result.stdout).toContain('6. exd5 exd5 7.');
    expect(result.stdout).toContain('ply 15 (8. white): different moves');
    expect(result.stdout).toContain('[White "Janowski, Dawid"]');
  });
});
