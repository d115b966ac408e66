/**
 * Where the tags of a game's raw text are: one linear pass over the tag
 * section that notes the place of the Seven Tag Roster, SetUp and FEN, the
 * first tag out of roster order, and (only when the parser kept fewer names
 * than there are tags) which tags repeat. Values are not copied (the record
 * has them), and a clean game costs no allocation: the places live in typed
 * arrays the scanner reuses from game to game.
 */

export const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;
export type RosterTag = (typeof SEVEN_TAG_ROSTER)[number];

/** Slots 0–6 are the roster in order; then these two. */
export const SETUP_SLOT = 7;
export const FEN_SLOT = 8;
export const SLOT_NAMES: readonly string[] = [...SEVEN_TAG_ROSTER, 'SetUp', 'FEN'];
const SLOTS = SLOT_NAMES.length;
const ROSTER_SLOTS = SEVEN_TAG_ROSTER.length;

/** A tag's place in the game's text. */
export interface TagPlace {
  /** Offset of its `[`. */
  readonly offset: number;
  /** Characters from `[` to `]` (or to the end of its line when not closed). */
  readonly width: number;
  /** 0-based line within the game's text. */
  readonly line: number;
  /** Offset where that line starts. */
  readonly lineStart: number;
}

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 13 || code === 10 || code === 0xfeff;

/** Reads one tag after another; its fields describe the tag last read. */
class TagCursor {
  position = 0;
  line = 0;
  lineStart = 0;
  open = 0;
  nameStart = 0;
  nameEnd = 0;
  width = 0;

  constructor(private readonly text: string) {}

  /** Moves to the next tag; false at the end of the tag section. */
  next(): boolean {
    const text = this.text;
    for (;;) {
      while (this.position < text.length && isSpace(text.charCodeAt(this.position))) {
        if (text.charCodeAt(this.position) === 10) {
          this.line++;
          this.lineStart = this.position + 1;
        }
        this.position++;
      }
      if (this.position >= text.length || text.charCodeAt(this.position) !== 91 /* [ */) return false;
      this.readTag();
      if (this.nameEnd > this.nameStart) return true;
    }
  }

  private readTag(): void {
    const text = this.text;
    const open = this.position;
    let nameStart = open + 1;
    while (nameStart < text.length && (text.charCodeAt(nameStart) === 32 || text.charCodeAt(nameStart) === 9)) nameStart++;
    let nameEnd = nameStart;
    while (nameEnd < text.length) {
      const code = text.charCodeAt(nameEnd);
      if (isSpace(code) || code === 34 /* " */ || code === 93 /* ] */) break;
      nameEnd++;
    }
    // The value runs to its closing quote (a backslash escapes one character), never past the line's end.
    let position = nameEnd;
    let inString = false;
    let end = -1;
    while (position < text.length) {
      const code = text.charCodeAt(position);
      if (code === 10) break;
      if (inString) {
        if (code === 92 /* \ */) position++;
        else if (code === 34) inString = false;
      } else if (code === 34) inString = true;
      else if (code === 93) {
        end = position + 1;
        position++;
        break;
      }
      position++;
    }
    position = Math.min(position, text.length);
    if (end < 0) end = position > open && text.charCodeAt(position - 1) === 13 ? position - 1 : position;
    this.open = open;
    this.nameStart = nameStart;
    this.nameEnd = nameEnd;
    this.width = Math.max(1, end - open);
    this.position = position;
  }

  place(): TagPlace {
    return { offset: this.open, width: this.width, line: this.line, lineStart: this.lineStart };
  }
}

function slotOf(text: string, start: number, end: number): number {
  const length = end - start;
  for (let slot = 0; slot < SLOTS; slot++) {
    const name = SLOT_NAMES[slot];
    if (name.length === length && text.startsWith(name, start)) return slot;
  }
  return -1;
}

/** Scans one game's tag section at a time; reuse one scanner for many games. */
export class TagSectionScanner {
  private text = '';
  private readonly offsets = new Int32Array(SLOTS);
  private readonly widths = new Int32Array(SLOTS);
  private readonly lines = new Int32Array(SLOTS);
  private readonly lineStarts = new Int32Array(SLOTS);
  /** Tags read, repeats included. */
  tagCount = 0;
  private outOfOrderSlot = -1;
  /** Offsets of the name the out-of-order tag comes after; a negative start -1 - slot names a roster slot. */
  private afterStart = 0;
  private afterEnd = 0;
  private outOfOrderPlace: TagPlace | undefined;

  scan(text: string): void {
    this.text = text;
    this.offsets.fill(-1);
    this.tagCount = 0;
    this.outOfOrderSlot = -1;
    this.outOfOrderPlace = undefined;
    let lastRosterSlot = -1;
    let otherStart = -1;
    let otherEnd = -1;
    const cursor = new TagCursor(text);
    while (cursor.next()) {
      this.tagCount++;
      const slot = slotOf(text, cursor.nameStart, cursor.nameEnd);
      if (slot < 0) {
        if (otherStart < 0) {
          otherStart = cursor.nameStart;
          otherEnd = cursor.nameEnd;
        }
        continue;
      }
      if (slot < ROSTER_SLOTS && this.offsets[slot] < 0 && this.outOfOrderSlot < 0) {
        if (otherStart >= 0) this.noteOutOfOrder(slot, cursor, otherStart, otherEnd);
        else if (slot < lastRosterSlot) this.noteOutOfOrder(slot, cursor, -1 - lastRosterSlot, 0);
      }
      if (slot < ROSTER_SLOTS) lastRosterSlot = Math.max(lastRosterSlot, slot);
      this.offsets[slot] = cursor.open;
      this.widths[slot] = cursor.width;
      this.lines[slot] = cursor.line;
      this.lineStarts[slot] = cursor.lineStart;
    }
  }

  private noteOutOfOrder(slot: number, cursor: TagCursor, afterStart: number, afterEnd: number): void {
    this.outOfOrderSlot = slot;
    this.outOfOrderPlace = cursor.place();
    this.afterStart = afterStart;
    this.afterEnd = afterEnd;
  }

  has(slot: number): boolean {
    return this.offsets[slot] >= 0;
  }

  /** The last occurrence of a slot's tag (the one whose value the parser kept). */
  place(slot: number): TagPlace | undefined {
    if (this.offsets[slot] < 0) return undefined;
    return { offset: this.offsets[slot], width: this.widths[slot], line: this.lines[slot], lineStart: this.lineStarts[slot] };
  }

  /** The first roster tag out of order, and the tag it comes after. */
  outOfOrder(): { place: TagPlace; name: string; after: string } | undefined {
    if (this.outOfOrderSlot < 0 || this.outOfOrderPlace === undefined) return undefined;
    const after = this.afterStart < 0 ? SLOT_NAMES[-1 - this.afterStart] : this.text.slice(this.afterStart, this.afterEnd);
    return { place: this.outOfOrderPlace, name: SLOT_NAMES[this.outOfOrderSlot], after };
  }

  /**
   * Each tag name that occurs more than once, at its second occurrence, with
   * how often it occurs: a second pass, for the few games that have repeats.
   */
  repeats(): { place: TagPlace; name: string; count: number }[] {
    const counts = new Map<string, number>();
    const repeats = new Map<string, { place: TagPlace; name: string; count: number }>();
    const cursor = new TagCursor(this.text);
    while (cursor.next()) {
      const name = this.text.slice(cursor.nameStart, cursor.nameEnd);
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      if (count === 2) repeats.set(name, { place: cursor.place(), name, count });
      else if (count > 2) repeats.get(name)!.count = count;
    }
    return [...repeats.values()];
  }
}
