/** The signed-in caller, from a verified token. */
export interface AuthUser {
  uid: string;
  email: string;
  /** Display name; falls back to the e-mail's local part. */
  name: string;
}

export interface TokenVerifier {
  /** Resolves the caller or rejects with a 401 AppError. */
  verify(token: string): Promise<AuthUser>;
}
