/** Image URLs point at the original; these name the WebP variants made at upload. */
export const IMAGE_VARIANTS = { thumb: 160, card: 480, large: 1200 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

/**
 * `/media/images/<id>/original.png` → `/media/images/<id>/card.webp`. Any other URL is returned
 * unchanged, so an image from elsewhere still shows.
 */
export function imageVariantUrl(url: string, variant: ImageVariant): string {
  const match = url.match(/^(.*\/media\/images\/[A-Za-z0-9_-]+)\/original\.[a-z0-9]+$/);
  return match ? `${match[1]}/${variant}.webp` : url;
}
