import type { Generated } from 'kysely';
import type { Role } from '@bindery/shared';

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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  authFailures: AuthFailuresTable;
  products: ProductsTable;
}
