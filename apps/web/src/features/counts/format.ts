import type { CountSession, CountState, CountTolerance } from '@book-warehouse/types';

export const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
export const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

export const stateLabels: Record<CountState, string> = {
  draft: 'Draft',
  counting: 'Counting',
  review: 'In review',
  applied: 'Applied',
  cancelled: 'Cancelled',
};

/** A session's name on every screen, as the history names it ('Count 12 applied'). */
export const countName = (count: Pick<CountSession, 'number'>) => `Count ${count.number}`;

/** What a session counts, in words: '2 locations · category Fiction · 3 books'. */
export function scopeText({ scope }: Pick<CountSession, 'scope'>, placeName?: (id: string) => string | undefined): string {
  const parts: string[] = [];
  if (scope.locationIds) {
    const names = scope.locationIds.map((id) => placeName?.(id));
    parts.push(
      names.every(Boolean) && names.length <= 3
        ? names.join(', ')
        : `${scope.locationIds.length} ${scope.locationIds.length === 1 ? 'location' : 'locations'}`,
    );
  }
  if (scope.category) parts.push(`category ${scope.category}`);
  if (scope.bookIds) parts.push(`${scope.bookIds.length} ${scope.bookIds.length === 1 ? 'book' : 'books'}`);
  return parts.join(' · ');
}

/** The tolerance in words: 'exact', 'within 2 copies or 5 %'. */
export function toleranceText({ units, percent: pct }: CountTolerance): string {
  const parts = [units ? `${units} ${units === 1 ? 'copy' : 'copies'}` : '', pct ? `${pct} %` : ''].filter(Boolean);
  return parts.length ? `within ${parts.join(' or ')}` : 'exact';
}

/** Record accuracy (0 to 1) as a percentage; a dash when no line was counted. */
export const accuracyText = (accuracy: number | null) => (accuracy === null ? '–' : percent.format(accuracy));

/** A signed figure: '+2', '-3', '0'. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export const signedMoney = (n: number) => (n > 0 ? `+${money.format(n)}` : money.format(n));
