/** Sums of probabilities kept in log space. */
export function logSumExp(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}

export function logSumExpAll(values: Iterable<number>): number {
  let total = -Infinity;
  for (const value of values) total = logSumExp(total, value);
  return total;
}
