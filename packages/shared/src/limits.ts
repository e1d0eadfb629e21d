/** Business constants from the specification (section 9) and the server's own limits. */
export const CATALOG_PAGE_SIZE = 10;
export const MY_ORDERS_PAGE_SIZES = [5, 10] as const;
export const MY_ORDERS_DEFAULT_PAGE_SIZE = 10;
export const ADMIN_ORDERS_PAGE_SIZES = [5, 10, 20] as const;
export const ADMIN_ORDERS_DEFAULT_PAGE_SIZE = 10;
export const ADMIN_PRODUCTS_PAGE_SIZES = [5, 10] as const;
export const ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE = 5;
export const IMAGE_UPLOAD_BATCH_SIZE = 3;

/**
 * A product's limits. Here, apart from the catalogue's schemas, so the first view's scripts
 * (which page the catalogue with them) do not bring Zod.
 */
export const PRODUCT_LIMITS = {
  titleMax: 200,
  subtitleMax: 200,
  descriptionMax: 10_000,
  priceMax: 100_000,
  imagesMin: 1,
  imagesMax: 10,
  listLimitMax: 50,
  searchMax: 2_000,
  downloadLimitMax: 1_000_000,
  /** The highest catalogue page a query may ask for; an address past it reads as this page. */
  pageMax: 1_000_000,
} as const;

export const DIGITAL_FILE_EXTENSIONS = ['.pdf', '.zip', '.epub'] as const;

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Local-storage key of the persisted session (specification, section 3). */
export const SESSION_STORAGE_KEY = 'auth-session';

/** Largest digital file unless the store sets MAX_UPLOAD_SIZE_MB. */
export const DEFAULT_MAX_DIGITAL_FILE_MB = 2048;
