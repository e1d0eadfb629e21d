/** Product covers are 4:5 (portrait, like a book); every image box keeps that shape. */
export const COVER_RATIO = { width: 4, height: 5 } as const;

export const coverAspectRatio = `${COVER_RATIO.width} / ${COVER_RATIO.height}`;

/** The height of a cover drawn `width` wide, for the img height attribute. */
export const coverHeight = (width: number) => (width * COVER_RATIO.height) / COVER_RATIO.width;
