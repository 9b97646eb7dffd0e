import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';

/** Typing pauses this long before the search page opens. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The dashboard search box: typing opens /dashboard/search/{text}; emptying it on the search page clears the
 * results. The quantity screen has a search box of its own, so there this one is not shown.
 */
export function DashboardSearch() {
  const onQuantityPage = useMatch(paths.dashboard.quantity);
  return onQuantityPage ? null : <SearchBox />;
}

function SearchBox() {
  const navigate = useNavigate();
  const onSearchPage = useMatch(paths.dashboard.searchPattern);
  const [text, setText] = useState(onSearchPage?.params.text ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // On a search page already, each new search replaces it, so Back leaves the search instead of replaying keystrokes.
  const open = (query: string) => navigate(paths.dashboard.search(query), { replace: Boolean(onSearchPage) });

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const query = value.trim();
    if (query) timer.current = setTimeout(() => void open(query), SEARCH_DEBOUNCE_MS);
    else if (onSearchPage) void open('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const query = text.trim();
    if (query) void open(query);
  };

  return (
    <form role="search" onSubmit={onSubmit}>
      <Field
        label="Search books"
        type="search"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Name, author, publication or category"
        autoComplete="off"
      />
    </form>
  );
}
