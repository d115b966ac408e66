/**
 * @zapis/core/internal: the hot paths the other zapis packages build on
 * (allocation-free move generation into typed arrays, move encoding, unchecked
 * positions). Not a stable API: these trust their input and change with the
 * engine. Users want `@zapis/core`.
 */
import type { Position, PositionSetup } from './position.js';
import { Position as PositionClass } from './position.js';

export {
  encodeMove, moveKind, movePromotionIndex, promotionIndex, KIND_NORMAL, KIND_DOUBLE_PUSH, KIND_EN_PASSANT, KIND_CASTLE,
} from './move.js';
export { generateCastling, generateLegalMoves, MAX_MOVES, newMoveBuffer, type MoveBuffer } from './movegen.js';
export { generateMovesTo } from './moves-to.js';
export { canReachIgnoringChecks } from './reach.js';
export { attackedSquares } from './attacked-squares.js';
export { isCheckAfterMove } from './check-after.js';
export { DISAMBIGUATIONS, disambiguationOf, disambiguationsOf } from './move-description.js';
export { englishSan } from './english-san.js';
export { perftByCopy } from './perft.js';
export { repetitionKeyParts } from './repetition.js';

/** A position from a setup that is known to be one (a replay's, a checked FEN's): no checks. */
export const uncheckedPosition = (setup: PositionSetup): Position => PositionClass.unchecked(setup);

/** Makes `position` the one `setup` describes, reusing its memory; unchecked (see `uncheckedPosition`). */
export const assignSetup = (position: Position, setup: PositionSetup): void => position.assign(setup);
