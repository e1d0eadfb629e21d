import type { Generated } from 'kysely';
import type { DigitalFormat, ImageFormat, Role } from '@bindery/shared';

/** Timestamps are milliseconds since the epoch in both databases (integer / bigint). */
export interface UsersTable {
  id: string;
  name: string;
  /** Stored lower-cased, so uniqueness is case-insensitive on both databases. */
  email: string;
  passwordHash: string;
  role: Role;
  createdAt: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a database leak does not hand out sessions. */
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
}

export interface AuthFailuresTable {
  id: Generated<number>;
  /** `login:email:<email>`, `login:ip:<address>`, `register:ip:<address>`… */
  key: string;
  createdAt: number;
}

export interface ProductsTable {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  priceCents: number;
  /** JSON array of image URLs, in display order. */
  images: string;
  /** The upload id of the digital file, with what buyers may see of it. */
  digitalFileId: string;
  digitalFileFormat: 'pdf' | 'zip' | 'epub';
  digitalFileSize: number;
  digitalFileName: string;
  createdAt: number;
  updatedAt: number;
}

export interface UploadsTable {
  /** Random base64url; also names the stored objects, never a client-supplied name. */
  id: string;
  kind: 'file' | 'image';
  /** Detected from the content, not from the name or Content-Type. */
  format: DigitalFormat | ImageFormat;
  /** The sanitised original name, shown to admins and used for download names. */
  fileName: string;
  size: number;
  sha256: string;
  /** Set by the catalogue when a product uses the upload; unattached uploads are swept after a day. */
  productId: string | null;
  createdAt: number;
}

export interface StoreMetaTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  authFailures: AuthFailuresTable;
  products: ProductsTable;
  storeMeta: StoreMetaTable;
  uploads: UploadsTable;
}
