/**
 * The chevrotain grammar of PGN and move text. It is deliberately flat: a
 * section is a sequence of items (tag pairs, moves, numbers, annotations,
 * comments, parentheses, results), and every token type is some item, so the
 * grammar cannot fail and never recurses. Nesting, game boundaries and error
 * recovery are the GameBuilder's job, driven by the embedded actions.
 */
import type { IOrAlt, IToken, TokenType } from 'chevrotain';
import { chevrotain } from './chevrotain-runtime.js';
import type { GameBuilder } from './game-builder.js';
import { GLYPH_VALUES, SYMBOL_VALUES, pgnTokens } from './lexer.js';

interface PgnParser {
  builder: GameBuilder | undefined;
  input: IToken[];
  section(): void;
}

/** The parser class is made on first use, since it extends a chevrotain class: chevrotain loads only when needed. */
function createPgnParser(): PgnParser {
  const {
    all, BraceComment, DrawOffer, Ellipsis, EnPassantMark, EvaluationSymbol, Glyph, LBracket, LParen, LineComment, Move,
    MoveNumber, Nag, NullMove, RBracket, RParen, Result, TagString, Word,
  } = pgnTokens();

  class ChevrotainPgnParser extends chevrotain().EmbeddedActionsParser implements PgnParser {
    builder: GameBuilder | undefined;

    constructor() {
      super([...all], { recoveryEnabled: false, maxLookahead: 1 });
      this.performSelfAnalysis();
    }

    private get events(): GameBuilder {
      if (!this.builder) throw new Error('PgnParser used without a GameBuilder');
      return this.builder;
    }

    /** The alternatives, built once: chevrotain re-reads the array on every item, so it must not be rebuilt per token. */
    private itemAlternatives: IOrAlt<void>[] | undefined;

    readonly section = this.RULE('section', () => {
      const alternatives = (this.itemAlternatives ??= this.buildItemAlternatives());
      this.MANY(() => this.OR(alternatives));
    });

    private buildItemAlternatives(): IOrAlt<void>[] {
      const item = (type: TokenType, action: (events: GameBuilder, token: IToken) => void): IOrAlt<void> => ({
        ALT: () => {
          const token = this.CONSUME(type);
          if (!this.RECORDING_PHASE) action(this.events, token);
        },
      });
      return [
        { ALT: () => this.SUBRULE(this.tagPair) },
        item(Move, (events, token) => events.move(token)),
        item(MoveNumber, (events, token) => events.moveNumber(token)),
        item(BraceComment, (events, token) => events.comment(token, 'brace')),
        item(LineComment, (events, token) => events.comment(token, 'line')),
        item(Nag, (events, token) => events.nag(token, Number(token.image.slice(1)))),
        item(Glyph, (events, token) => events.nag(token, GLYPH_VALUES[token.image])),
        item(EvaluationSymbol, (events, token) => events.nag(token, SYMBOL_VALUES[token.image])),
        item(LParen, (events, token) => events.openVariation(token)),
        item(RParen, (events, token) => events.closeVariation(token)),
        item(Result, (events, token) => events.result(token)),
        item(Ellipsis, (events, token) => events.ellipsis(token)),
        item(DrawOffer, (events, token) => events.drawOffer(token)),
        item(EnPassantMark, (events, token) => events.enPassantMark(token)),
        item(NullMove, (events, token) => events.nullMove(token)),
        item(Word, (events, token) => events.unexpected(token, 'unknown-token')),
        item(TagString, (events, token) => events.unexpected(token, 'unexpected-string')),
        item(RBracket, (events, token) => events.unexpected(token, 'unexpected-token')),
      ];
    }

    /** `[Name "value"]`; each part may be missing, which the builder reports. */
    private readonly tagPair = this.RULE('tagPair', () => {
      const open = this.CONSUME(LBracket);
      let name: IToken | undefined;
      let value: IToken | undefined;
      let close: IToken | undefined;
      this.OPTION(() => {
        name = this.OR2([
          { ALT: () => this.CONSUME2(Word) },
          { ALT: () => this.CONSUME2(Move) },
          { ALT: () => this.CONSUME2(NullMove) },
          { ALT: () => this.CONSUME2(EnPassantMark) },
        ]);
      });
      this.OPTION2(() => {
        value = this.CONSUME2(TagString);
      });
      this.OPTION3(() => {
        close = this.CONSUME2(RBracket);
      });
      if (!this.RECORDING_PHASE) this.events.tag(open, name, value, close);
    });
  }

  return new ChevrotainPgnParser();
}

/** One parser, made once (building the grammar is costly): a parse runs to its end calling out to nothing, so none can start inside another. */
let shared: PgnParser | undefined;

/** Runs the grammar over one section's tokens, feeding `builder`. */
export function parseSectionTokens(tokens: IToken[], builder: GameBuilder): void {
  shared ??= createPgnParser();
  shared.builder = builder;
  shared.input = tokens;
  shared.section();
  shared.builder = undefined;
}
