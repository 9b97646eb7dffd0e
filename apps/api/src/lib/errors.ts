import type { ErrorCode } from '@book-warehouse/types';

/** The one error type: the error middleware turns it into `{ error: { code, message, fields } }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('not_found', 404, `${what} not found`);

/** `text` cut to `max` characters with an ellipsis, never splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]$/.test(text.slice(0, max - 1)) ? max - 2 : max - 1;
  return `${text.slice(0, cut)}…`;
}
