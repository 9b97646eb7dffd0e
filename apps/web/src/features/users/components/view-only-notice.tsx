import { VIEWER_CANNOT_WRITE } from '@book-warehouse/types/roles';

/** Why a viewer sees no write buttons on a screen made for changes (docs/decisions/009-roles.md). */
export function ViewOnlyNotice() {
  return <p className="rounded-xl bg-amber-50 p-4 text-sm font-medium text-amber-900 ring-1 ring-amber-200">{VIEWER_CANNOT_WRITE}</p>;
}
