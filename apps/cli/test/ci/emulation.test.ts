/**
 * The emulations behind ci-recipes.test.ts decide as GitHub and Kubernetes do where a recipe can go wrong:
 * which steps and jobs run after a failure, and what `$(NAME)` in a container's command becomes.
 */
import { describe, expect, it } from 'vitest';
import { conditionHolds, substitute } from './workflow-expressions.js';
import { expandReferences } from './kubernetes-job.js';

const afterFailure = { success: false, failure: true, cancelled: false };
const afterSuccess = { success: true, failure: false, cancelled: false };

describe('GitHub Actions conditions', () => {
  it('skips a step with no condition after a failure, and runs it after success', () => {
    expect(conditionHolds(undefined, afterFailure)).toBe(false);
    expect(conditionHolds(undefined, afterSuccess)).toBe(true);
  });

  it('runs always(), !cancelled() and failure() after a failure, unless the run was cancelled', () => {
    for (const condition of ['always()', '${{ !cancelled() }}', 'failure()', '${{ failure() || success() }}']) expect(conditionHolds(condition, afterFailure), condition).toBe(true);
    expect(conditionHolds('${{ !cancelled() }}', { ...afterFailure, cancelled: true })).toBe(false);
    expect(conditionHolds('success() && !failure()', afterFailure)).toBe(false);
  });

  it('adds success() to a condition that calls no status function', () => {
    expect(conditionHolds('true', afterFailure)).toBe(false);
    expect(conditionHolds('!false', afterSuccess)).toBe(true);
  });

  it('refuses what it cannot evaluate instead of guessing', () => {
    expect(() => conditionHolds("github.ref == 'refs/heads/main'", afterSuccess)).toThrow(/cannot evaluate/u);
    expect(() => substitute('${{ github.sha }}', { 'matrix.shard': 1 })).toThrow(/github\.sha/u);
    expect(substitute('--shard ${{ matrix.shard }}/${{ strategy.job-total }}', { 'matrix.shard': 2, 'strategy.job-total': 4 })).toBe('--shard 2/4');
  });
});

describe("Kubernetes' $(NAME) expansion", () => {
  it('replaces defined names, keeps the rest and shell arithmetic as written, and reads $$ as $', () => {
    const env = { SHARDS: '4', JOB_COMPLETION_INDEX: '0' };
    expect(expandReferences('--shard $((JOB_COMPLETION_INDEX + 1))/$(SHARDS) $(UNSET) $$(SHARDS)', env)).toBe('--shard $((JOB_COMPLETION_INDEX + 1))/4 $(UNSET) $(SHARDS)');
  });
});
