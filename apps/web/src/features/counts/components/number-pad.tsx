import { NUMBER_CEILING } from '@book-warehouse/types';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;
const key =
  'min-h-14 rounded-xl border border-slate-300 bg-white text-xl font-semibold text-slate-900 not-disabled:hover:bg-slate-100 disabled:text-slate-400';

/** A number pad for a box's copies, big enough for a thumb: digits, Clear and Backspace. */
export function NumberPad({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const press = (k: (typeof KEYS)[number]) => {
    if (k === 'clear') return onChange('');
    if (k === 'back') return onChange(value.slice(0, -1));
    const next = `${value}${k}`.replace(/^0+/, '');
    if (Number(next) <= NUMBER_CEILING) onChange(next);
  };
  return (
    <div role="group" aria-label="Number pad" className="grid max-w-xs grid-cols-3 gap-2">
      {KEYS.map((k) => (
        <button
          key={k}
          type="button"
          className={`${key} ${k === 'clear' || k === 'back' ? 'text-base' : ''}`}
          disabled={disabled}
          aria-label={k === 'back' ? 'Delete the last digit' : k === 'clear' ? 'Clear the number' : undefined}
          onClick={() => press(k)}
        >
          {k === 'back' ? '⌫' : k === 'clear' ? 'Clear' : k}
        </button>
      ))}
    </div>
  );
}
