import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Typing pauses this long before the search page opens. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The dashboard search box: typing opens /dashboard/search/{text}; empty text does nothing. */
export function DashboardSearch() {
  const navigate = useNavigate();
  const onSearchPage = useMatch('/dashboard/search/:text');
  const [text, setText] = useState(onSearchPage?.params.text ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // On a search page already, each new search replaces it, so Back leaves the search instead of replaying keystrokes.
  const open = (query: string) => navigate(paths.dashboard.search(query), { replace: Boolean(onSearchPage) });

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const query = value.trim();
    if (query) timer.current = setTimeout(() => open(query), SEARCH_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const query = text.trim();
    if (query) open(query);
  };

  return (
    <form role="search" onSubmit={onSubmit} className="flex flex-col gap-1">
      <label htmlFor="dashboard-search" className="text-sm font-medium text-slate-700">
        Search books
      </label>
      <input
        id="dashboard-search"
        type="search"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Name, author, publication or category"
        autoComplete="off"
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
      />
    </form>
  );
}
