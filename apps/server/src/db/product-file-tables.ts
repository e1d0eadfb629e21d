// Several files per product (migration 028, decision 036), apart so types.ts stays small.

/** One of a product's files, in `position` order; the first is also in `products.digital_file_*`. */
export interface ProductFilesTable {
  /** Stable while the same upload stays (renamed or moved); a replaced upload is a new file. */
  id: string;
  productId: string;
  position: number;
  /** The upload's public id (`secure-digital-products/<upload id>`); one product's alone. */
  uploadId: string;
  /** What buyers see: "Handbook", "EPUB edition", "Extras". */
  name: string;
  size: number;
  format: 'pdf' | 'zip' | 'epub';
  sha256: string;
  createdAt: number;
  updatedAt: number;
}

/** Completed downloads of one file of an order; `orders.downloads_used` is their highest. */
export interface OrderFileDownloadsTable {
  orderId: string;
  fileId: string;
  downloadsUsed: number;
}

/** Bytes one file of an order served since its last counted download (decision 017, per file). */
export interface DownloadFileUsageTable {
  orderId: string;
  fileId: string;
  bytesSinceCount: number;
}
