import { describe, expect, it } from 'vitest';
import { LAYOUT_VERSION, buildSheetLayout, parseLayoutJson, serialiseLayout, type SheetLayout } from '../src/index.js';

function layout(): SheetLayout {
  const result = buildSheetLayout({ style: 'boxed', language: 'de', header: { event: 'Schachbundesliga' } });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('layout JSON', () => {
  it('round-trips, with units and origin stated', () => {
    const original = layout();
    const json = serialiseLayout(original);
    const parsed = parseLayoutJson(json);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toEqual(original);
    const raw = JSON.parse(json) as Record<string, unknown>;
    expect(raw).toMatchObject({ format: 'zapis-sheet-layout', units: 'pt', origin: 'top-left', version: LAYOUT_VERSION });
    // Every rectangle a reader needs is plain numbers.
    const cell = (raw.moveGrid as { rows: Array<{ black: { characterBoxes: unknown[] } }> }).rows[59].black.characterBoxes[6];
    expect(cell).toEqual({ x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) });
  });

  it('refuses what a reader cannot trust', () => {
    const good = JSON.parse(serialiseLayout(layout())) as Record<string, unknown>;
    expect(parseLayoutJson('{').ok).toBe(false);
    expect(parseLayoutJson('[]').ok).toBe(false);
    const newer = parseLayoutJson(JSON.stringify({ ...good, version: LAYOUT_VERSION + 1 }));
    expect(newer.ok).toBe(false);
    if (!newer.ok) expect(newer.error.message).toMatch(/newer/);
    expect(parseLayoutJson(JSON.stringify({ ...good, origin: 'bottom-left' })).ok).toBe(false);
    expect(parseLayoutJson(JSON.stringify({ ...good, layoutId: 'nope' })).ok).toBe(false);
    expect(parseLayoutJson(JSON.stringify({ ...good, markers: [] })).ok).toBe(false);
  });
});
