import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The integrity card is an SVG drawn with whatever CJK font the machine has: every line states its length
 * (textLength), so no font can push 拒绝商业贿赂 past the card's edge (issue 11 §7), nor into the QR code.
 */
describe('integrity card (§2)', () => {
  const svg = fs.readFileSync(path.join(import.meta.dirname, 'assets/integrity.svg'), 'utf8');
  const width = Number(/<svg[^>]*\bwidth="(\d+)"/.exec(svg)?.[1]);
  const lines = [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(([, attrs = '', text]) => ({
    text,
    x: Number(/\bx="([\d.]+)"/.exec(attrs)?.[1]),
    y: Number(/\by="([\d.]+)"/.exec(attrs)?.[1]),
    length: Number(/\btextLength="([\d.]+)"/.exec(attrs)?.[1]),
  }));

  it('fixes the length of every line inside the card, clear of the QR code below y 112', () => {
    expect(width).toBe(320);
    expect(lines.map((l) => l.text)).toContain('阳光采购 · 公平公正 · 拒绝商业贿赂');
    for (const line of lines) {
      expect(line.length, line.text).toBeGreaterThan(0);
      const right = line.x + line.length;
      expect(right, line.text).toBeLessThanOrEqual(line.y > 112 ? 240 : width - 8);
    }
  });
});
