import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');

/** A declaration of a rule in a stylesheet, with `var(--token)` resolved from store.css's :root. */
function declared(css: string, selector: string, property: string): string {
  const rule = new RegExp(`${selector.replace('.', '\\.')}\\s*{([^}]*)}`).exec(css)?.[1] ?? '';
  const value = new RegExp(`(?:^|;|\\s)${property}:\\s*([^;]+);`).exec(rule)?.[1]?.trim() ?? '';
  const token = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  if (!token) return value;
  const root = /:root\s*{([^}]*)}/.exec(read('../../ui/store.css'))?.[1] ?? '';
  return new RegExp(`${token}:\\s*([^;]+);`).exec(root)?.[1]?.trim() ?? '';
}

/** WCAG 2 relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the top bar’s avatar', () => {
  it('writes its letter at a contrast of at least 4.5:1 (WCAG AA for text)', () => {
    const css = read('layout.css');
    const background = declared(css, '.user-avatar', 'background-color');
    const letter = declared(css, '.user-avatar', 'color');
    expect([background, letter]).toEqual(['#00796b', '#fff']);
    const ratio = contrast(background, letter);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(ratio.toFixed(2)).toBe('5.32');
  });

  it('measures the old teal as the 4.32:1 the walkthrough found', () => {
    expect(contrast('#00897b', '#fff').toFixed(2)).toBe('4.32');
  });
});
