import type { Role } from '@book-warehouse/types';

/** The signed-in caller, from a verified token. */
export interface AuthUser {
  uid: string;
  email: string;
  /** Display name; falls back to the e-mail's local part. */
  name: string;
  /**
   * The Firebase token's `email_verified` (an API token carries the one it was exchanged for): a role granted by
   * configuration needs it, or whoever registers a configured address first would hold that role.
   */
  emailVerified: boolean;
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
