/** The archive rules and severity settings, as the per-game hooks a validation job runs. */
import type { RuleFactory } from './batch-job.js';
import { ArchiveRules } from './rules/game-rules.js';
import { applyRuleConfig } from './rules/rule-config.js';

export const ruleHooks: RuleFactory = (config) => {
  // One for the job's every game: settings looked up once, Date values judged once each.
  const archiveRules = new ArchiveRules(config);
  return {
    rules: (input) => archiveRules.findings(input),
    relevel: (diagnostics) => applyRuleConfig(diagnostics, config),
  };
};
