/** Gallery beside the details on wide screens, above them on phones. */
export const productLayoutSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
  gap: { xs: 3, md: 6 },
  alignItems: 'start',
} as const;

/**
 * Below the two-column layout the large image keeps to about a third of the screen and the
 * thumbnails to one row that scrolls sideways, so the title, the price and Buy Now still fit on
 * the first screen of a phone or a tablet.
 */
export const stackedImageHeight = {
  xs: 'clamp(200px, 36svh, 440px)',
  sm: 'clamp(240px, 45svh, 560px)',
};
