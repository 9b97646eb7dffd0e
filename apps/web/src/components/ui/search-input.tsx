import { useEffect, useRef, useState } from 'react';
import { Field } from './field';

/** Typing pauses this long before a list filters. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * A search box whose text is handed on once typing pauses. `value` is the search in force (from the URL):
 * when it changes from elsewhere (Back, a link) the box shows it.
 */
export function SearchInput({
  label,
  value,
  onSearch,
  placeholder,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  // The latest callback, so that a parent's new function on every render does not restart the wait.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (draft === value) return undefined;
    const timer = setTimeout(() => latest.current(draft), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <Field
      label={label}
      type="search"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      placeholder={placeholder}
      autoComplete="off"
    />
  );
}
