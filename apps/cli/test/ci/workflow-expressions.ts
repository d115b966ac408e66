/**
 * The part of GitHub Actions' expression language a sharded recipe uses: `${{ matrix.… }}` and
 * `${{ strategy.… }}` in text, and `if:` conditions built from the status functions (`success()`, `failure()`,
 * `always()`, `cancelled()`), `!`, `&&`, `||`, parentheses and `true`/`false`. Anything else is refused by name
 * rather than guessed, so a recipe never passes because the emulation misread it.
 */

/** What a status function answers at the point where a condition is evaluated. */
export interface StatusFunctions {
  /** No earlier step of the job failed (for a job: every job it needs succeeded). */
  readonly success: boolean;
  /** An earlier step failed (for a job: a job it depends on, directly or not, failed). */
  readonly failure: boolean;
  /** The run was cancelled. */
  readonly cancelled: boolean;
}

/** The values `${{ … }}` may name in text: `matrix.shard`, `strategy.job-total`, … */
export type ExpressionContext = Readonly<Record<string, string | number | boolean>>;

const wrapped = /^\s*\$\{\{([\s\S]*)\}\}\s*$/u;

/** Replaces every `${{ name }}` in `text` by its value; a name the context does not hold is an error. */
export function substitute(text: string, context: ExpressionContext): string {
  return text.replaceAll(/\$\{\{\s*([^}]*?)\s*\}\}/gu, (_whole, name: string) => {
    if (!(name in context)) throw new Error(`the emulated runner knows no value for \${{ ${name} }}`);
    return String(context[name]);
  });
}

/** Whether an `if:` condition holds; no condition means `success()`. */
export function conditionHolds(condition: string | boolean | undefined, status: StatusFunctions): boolean {
  if (condition === undefined) return status.success;
  if (typeof condition === 'boolean') return condition;
  const expression = wrapped.exec(condition)?.[1] ?? condition;
  const tokens = expression.match(/\s*(!|&&|\|\||\(|\)|[A-Za-z_][\w.-]*\(\)|true|false|\S+)/gu)?.map((token) => token.trim()) ?? [];
  let position = 0;
  const peek = (): string | undefined => tokens[position];
  const take = (): string => {
    const token = tokens[position++];
    if (token === undefined) throw new Error(`condition ${condition} ends too early`);
    return token;
  };
  const statusOf = (call: string): boolean => {
    switch (call) {
      case 'always()': return true;
      case 'success()': return status.success;
      case 'failure()': return status.failure;
      case 'cancelled()': return status.cancelled;
      case 'true': return true;
      case 'false': return false;
      default: throw new Error(`the emulated runner cannot evaluate ${call} in the condition ${condition}`);
    }
  };
  // Precedence as in GitHub's expressions: ! binds tightest, then &&, then ||.
  const unary = (): boolean => {
    const token = take();
    if (token === '!') return !unary();
    if (token === '(') {
      const value = either();
      if (take() !== ')') throw new Error(`unbalanced parentheses in the condition ${condition}`);
      return value;
    }
    return statusOf(token);
  };
  const both = (): boolean => {
    let value = unary();
    while (peek() === '&&') {
      take();
      value = unary() && value;
    }
    return value;
  };
  const either = (): boolean => {
    let value = both();
    while (peek() === '||') {
      take();
      value = both() || value;
    }
    return value;
  };
  const value = either();
  if (position !== tokens.length) throw new Error(`cannot read the condition ${condition} past ${tokens[position]}`);
  // A condition that calls no status function is implicitly `success() && (…)`.
  const callsStatus = tokens.some((token) => /^(always|success|failure|cancelled)\(\)$/u.test(token));
  return callsStatus ? value : status.success && value;
}
