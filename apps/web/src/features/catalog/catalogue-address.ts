import { PRODUCT_LIMITS } from '@bindery/shared';

/** The catalogue's place as its address gives it: `?page=2&search=handbook`. */
export interface CataloguePlace {
  page: number;
  search: string;
}

/**
 * A page number from the URL; anything that is not a whole number from 1 up means page 1, and
 * a number past the highest page a query may ask for reads as that page (then "no such page").
 */
export function readPage(value: string | null): number {
  const page = Number(value);
  if (!Number.isSafeInteger(page) || page < 1) return 1;
  return Math.min(page, PRODUCT_LIMITS.pageMax);
}

export function readCataloguePlace(params: URLSearchParams): CataloguePlace {
  return { page: readPage(params.get('page')), search: (params.get('search') ?? '').trim() };
}

/** "?page=2&search=handbook"; page 1 and an empty search are left out. */
export function catalogSearchParams(page: number, search: string): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (search) params.set('search', search);
  return params;
}
