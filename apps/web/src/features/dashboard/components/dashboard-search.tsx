import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router-dom';
import { Field } from '../../../components/ui/field';
import { paths } from '../../../config/paths';

/** Typing pauses this long before the search page opens. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Router state of a search page: the page the clerk searched from, where clearing the box goes back to. */
interface SearchState {
  from?: string;
}

const searchedFrom = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && typeof (state as SearchState).from === 'string' ? (state as SearchState).from : undefined;

/**
 * Given the text of an Enter (what a USB scanner sends after a code), opens what it names when it is a code the
 * page knows (a location's label), answering whether it did; otherwise the text is searched.
 */
type OpenCode = (text: string) => Promise<boolean>;

/**
 * The dashboard search box: typing opens /dashboard/search/{text}; empty text does nothing elsewhere. The box
 * empties when the clerk leaves the search page, and clearing it there goes back to where the search started.
 * The quantity screen has a search box of its own, so there this one is not shown.
 */
export function DashboardSearch({ openCode }: { openCode?: OpenCode } = {}) {
  const onQuantityPage = useMatch(paths.dashboard.quantity);
  return onQuantityPage ? null : <SearchBox openCode={openCode} />;
}

function SearchBox({ openCode }: { openCode?: OpenCode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const onSearchPage = useMatch(paths.dashboard.searchPattern);
  const [text, setText] = useState(onSearchPage?.params.text ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const searching = Boolean(onSearchPage);
  const [wasSearching, setWasSearching] = useState(searching);
  if (wasSearching !== searching) {
    setWasSearching(searching);
    if (!searching) setText('');
  }

  const from = searching ? (searchedFrom(location.state) ?? paths.dashboard.root) : `${location.pathname}${location.search}`;

  // On a search page already, each new search replaces it, so Back leaves the search instead of replaying keystrokes.
  const open = (query: string) => navigate(paths.dashboard.search(query), { replace: searching, state: { from } satisfies SearchState });

  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const query = value.trim();
    if (query) timer.current = setTimeout(() => void open(query), SEARCH_DEBOUNCE_MS);
    else if (searching && value === '') void navigate(from);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const query = text.trim();
    if (!query) return;
    if (openCode && (await openCode(query))) return setText('');
    await open(query);
  };

  return (
    <form role="search" onSubmit={(event) => void onSubmit(event)}>
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
