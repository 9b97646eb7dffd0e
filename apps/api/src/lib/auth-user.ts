import type { Role } from '@book-warehouse/types';

/** The signed-in caller, from a verified token. */
export interface AuthUser {
  uid: string;
  email: string;
  /** Display name; falls back to the e-mail's local part. */
  name: string;
  /** Which kind of token proved it: only a Firebase ID token may be exchanged for an API token. */
  via: 'firebase' | 'api';
}

export interface TokenVerifier {
  /** Resolves the caller or rejects with a 401 AppError. */
  verify(token: string): Promise<AuthUser>;
}

/** A signed-in caller and the role its account holds now (modules/users). */
export interface Caller extends AuthUser {
  role: Role;
}
