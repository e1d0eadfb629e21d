import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ICON_PATHS } from './icon-paths';

/** The path data MUI's icon of that name draws, its paths joined into one. */
async function muiIconPath(name: string): Promise<string> {
  const pascal = name[0]!.toUpperCase() + name.slice(1);
  const module = (await import(/* @vite-ignore */ `@mui/icons-material/${pascal}`)) as {
    default: ComponentType;
  };
  const markup = renderToStaticMarkup(createElement(module.default));
  const paths = [...markup.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]!);
  // A path's first move is absolute even when written "m"; joined after another, it must say so.
  return paths.map((d, index) => (index === 0 ? d : d.replace(/^m/, 'M'))).join(' ');
}

// The plain pages draw these paths instead of importing the icons: they must stay the same.
describe('icon paths match the Material icons', () => {
  it.each(Object.keys(ICON_PATHS))('%s', async (name) => {
    expect(ICON_PATHS[name as keyof typeof ICON_PATHS]).toBe(await muiIconPath(name));
  });
});
