/** The archive rules and severity settings, as the per-game hooks a validation job runs. */
import type { RuleFactory } from './batch-job.js';
import { archiveFindings } from './rules/game-rules.js';
import { applyRuleConfig } from './rules/rule-config.js';

export const ruleHooks: RuleFactory = (config) => ({
  rules: (input) => archiveFindings(input, config),
  relevel: (diagnostics) => applyRuleConfig(diagnostics, config),
});
