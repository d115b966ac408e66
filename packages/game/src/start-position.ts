/** The position a game starts from: the FEN tag (with SetUp), or the initial position. */
import { INITIAL_FEN, parseFen, type FenError, type Position, type Result } from '@zapis/core';
import type { Tag } from '@zapis/notation';

export function tagValue(tags: readonly Tag[], name: string): string | undefined {
  for (const tag of tags) if (tag.name === name) return tag.value;
  return undefined;
}

export function tagNamed(tags: readonly Tag[], name: string): Tag | undefined {
  for (const tag of tags) if (tag.name === name) return tag;
  return undefined;
}

const CHESS960_VARIANTS = /^(chess\s*960|fischer\s*random|fischerandom|frc|chess960)$/i;

let initial: Position | undefined;

/** A fresh copy of the position a game starts from (most games: the initial one, copied, not re-parsed). */
export function startPosition(tags: readonly Tag[]): Result<Position, FenError> {
  const fen = tagValue(tags, 'FEN');
  const variant = tagValue(tags, 'Variant');
  const chess960 = variant !== undefined && CHESS960_VARIANTS.test(variant.trim());
  if (fen === undefined && !chess960) {
    initial ??= (parseFen(INITIAL_FEN) as { ok: true; value: Position }).value;
    return { ok: true, value: initial.clone() };
  }
  return parseFen(fen ?? INITIAL_FEN, { chess960 });
}
