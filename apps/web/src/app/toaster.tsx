import { useSyncExternalStore, type CSSProperties } from 'react';
import { Toaster } from 'sonner';

/** Sonner's rich colours, with text dark enough for WCAG AA contrast on their pale backgrounds. */
const TOAST_COLOURS = {
  '--success-text': '#14532d',
  '--error-text': '#991b1b',
  '--info-text': '#1e3a8a',
  '--warning-text': '#713f12',
} as CSSProperties;

/** The top bar is 64 px tall above sonner's phone layout. */
const TOAST_TOP_DESKTOP = 64 + 8;

/**
 * Sonner's phone layout (full-width toasts) applies up to 600 px. There toasts sit at the bottom:
 * at the top they would lie over the top bar's open menu. A bar fixed to the bottom of a page
 * (the product page's buy bar) sets --bottom-bar-height, and toasts rise above it.
 */
const PHONE_QUERY = '(max-width: 600px)';
const TOAST_BOTTOM_PHONE =
  'calc(16px + env(safe-area-inset-bottom, 0px) + var(--bottom-bar-height, 0px))';

function subscribeToPhoneQuery(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribeToPhoneQuery,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/** The app's toast outlet: below the top bar on wider screens, at the bottom on phones. */
export function AppToaster() {
  const isPhone = useIsPhone();
  return (
    <Toaster
      position={isPhone ? 'bottom-center' : 'top-center'}
      // Below the top bar, never over its menu button or sign-in links.
      offset={{ top: TOAST_TOP_DESKTOP }}
      mobileOffset={{ bottom: TOAST_BOTTOM_PHONE }}
      richColors
      closeButton
      style={TOAST_COLOURS}
    />
  );
}
