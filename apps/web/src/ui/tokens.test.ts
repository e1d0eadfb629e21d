import { readFileSync } from 'node:fs';
import path from 'node:path';
import { alpha } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** The custom properties declared in store.css's :root block. */
function cssTokens(): Map<string, string> {
  const css = readFileSync(path.join(import.meta.dirname, 'store.css'), 'utf8');
  const root = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  const tokens = new Map<string, string>();
  for (const match of root.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    tokens.set(match[1]!, match[2]!.replace(/\s+/g, ' ').trim());
  }
  return tokens;
}

// The plain pages (store.css) and the MUI pages (theme.ts) must look like one store.
describe('store.css follows the MUI theme', () => {
  const tokens = cssTokens();
  const { palette, shape, typography } = theme;

  it.each([
    ['--primary', palette.primary.main],
    ['--primary-dark', palette.primary.dark],
    ['--primary-hover', alpha(palette.primary.main, palette.action.hoverOpacity)],
    ['--primary-border', alpha(palette.primary.main, 0.5)],
    ['--on-primary', palette.primary.contrastText],
    ['--secondary', palette.secondary.main],
    ['--error', palette.error.main],
    ['--success', palette.success.main],
    ['--text', palette.text.primary],
    ['--text-secondary', palette.text.secondary],
    ['--text-disabled', palette.text.disabled],
    ['--divider', palette.divider],
    ['--action-active', palette.action.active],
    ['--action-hover', palette.action.hover],
    ['--action-selected', palette.action.selected],
    ['--action-disabled', palette.action.disabled],
    ['--action-disabled-bg', palette.action.disabledBackground],
    ['--grey-100', palette.grey[100]],
    ['--grey-400', palette.grey[400]],
    ['--background', palette.background.default],
    ['--paper', palette.background.paper],
    ['--radius', `${shape.borderRadius}px`],
  ])('%s is the theme’s %s', (token, value) => {
    expect(tokens.get(token)).toBe(value);
  });

  it('uses the theme’s font stack', () => {
    expect(tokens.get('--font')?.replaceAll("'", '"')).toBe(typography.fontFamily);
  });
});
