import { vi } from 'vitest';

/**
 * jsdom has no `matchMedia`, so every media query reads as false (a wide screen). This answers
 * them for a screen `width` pixels wide: `(max-width: …)` and `(min-width: …)` queries only.
 */
export function stubScreenWidth(width: number) {
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}
