import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

/** Sonner's rich colours, with text dark enough for WCAG AA contrast on their pale backgrounds. */
const TOAST_COLOURS = {
  '--success-text': '#14532d',
  '--error-text': '#991b1b',
  '--info-text': '#1e3a8a',
  '--warning-text': '#713f12',
} as CSSProperties;

/** The top bar is 56 px tall on phones (sonner's phone layout is below 600 px) and 64 px above. */
const TOAST_TOP_PHONE = 56 + 8;
const TOAST_TOP_DESKTOP = 64 + 8;

/** The app's toast outlet, below the top bar. */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      // Below the top bar, never over its menu button or sign-in links.
      offset={{ top: TOAST_TOP_DESKTOP }}
      mobileOffset={{ top: TOAST_TOP_PHONE }}
      richColors
      closeButton
      style={TOAST_COLOURS}
    />
  );
}
