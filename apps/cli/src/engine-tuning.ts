/**
 * V8 settings for a command-line run, applied before anything else is loaded
 * (this module is the first import of bin.ts; they are process-wide, so
 * validation workers get them too).
 *
 * A function is compiled by the optimising compiler once it has used up its
 * interrupt budget. With the default, much code that runs for only a few
 * hundred games of an archive (the full grammar, which explains the rare
 * problem game) gets optimised in every worker, and that compiling was about a
 * quarter of the CPU of validating 100,000 games on two cores. A budget about
 * 7x larger leaves that code to the baseline tiers; the hot path still gets
 * optimised early in the run (`pnpm --filter @zapis/archive bench` shows the
 * effect: it runs zapis with and without this).
 */
import { setFlagsFromString } from 'node:v8';

if (process.env.ZAPIS_DEFAULT_ENGINE === undefined) setFlagsFromString('--interrupt-budget=1000000');
