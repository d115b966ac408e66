import { describe, expect, it } from 'vitest';
import { QR_EVENT_MAX_LENGTH, encodeQrPayload, parseQrPayload, type QrPayload } from '../src/index.js';

describe('QR payload', () => {
  const payload: QrPayload = {
    layout: 'zapis/classic/a4/m60/b2', v: 1, lang: 'cs', event: 'Mistrovství ČR', round: '7', board: '3', sheet: 1, of: 2, copy: 'white',
  };

  it('encodes compact JSON in a fixed key order and reads it back', () => {
    const text = encodeQrPayload(payload);
    expect(text).toBe('{"layout":"zapis/classic/a4/m60/b2","v":1,"lang":"cs","event":"Mistrovství ČR","round":"7","board":"3","sheet":1,"of":2,"copy":"white"}');
    const parsed = parseQrPayload(text);
    expect(parsed).toEqual({ ok: true, value: payload });
  });

  it('cuts long event names so the code stays scannable', () => {
    const long = encodeQrPayload({ ...payload, event: 'Ż'.repeat(100) });
    const parsed = parseQrPayload(long);
    expect(parsed.ok && parsed.value.event).toBe('Ż'.repeat(QR_EVENT_MAX_LENGTH));
  });

  it('rejects foreign codes as values', () => {
    expect(parseQrPayload('https://example.org').ok).toBe(false);
    expect(parseQrPayload('{"layout":"other","v":1}').ok).toBe(false);
    expect(parseQrPayload(encodeQrPayload(payload).replace('"cs"', '"xx"')).ok).toBe(false);
    expect(parseQrPayload(encodeQrPayload(payload).replace('"white"', '"red"')).ok).toBe(false);
  });

  it('says what is wrong and where', () => {
    const message = (text: string): string => {
      const parsed = parseQrPayload(text);
      return parsed.ok ? 'accepted' : parsed.error.message;
    };
    expect(message('https://example.org')).toBe('QR:1:1: JSON syntax error: unexpected character');
    expect(message('{"layout":"other","v":1}')).toBe('QR:1:1: not a zapis sheet code (no "layout": "zapis/…")');
    expect(message(encodeQrPayload(payload).replace('"lang":"cs"', '"lang":"xx"'))).toMatch(/^QR:1:\d+: lang: expected /);
    expect(message(encodeQrPayload({ ...payload, sheet: 3 }))).toMatch(/^QR:1:\d+: sheet: sheet 3 of 2$/);
    expect(message(encodeQrPayload({ ...payload, v: 1.5 }))).toMatch(/^QR:1:\d+: v: expected a whole number, got 1\.5$/);
  });
});
