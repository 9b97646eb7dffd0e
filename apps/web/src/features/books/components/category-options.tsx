import { useEffect, useState } from 'react';
import { useCategories } from '../api/get-categories';

/** The id of the categories' datalist; the forms' category field names it in its `list`. */
export const CATEGORY_OPTIONS_ID = 'book-categories';

/**
 * The categories in use (GET /categories, most used first) as the browser's type-ahead for the category field:
 * it offers the matching ones as the clerk types, and still takes a new category. They are asked for when a field
 * using the list first gets the focus, so a form nobody types a category into sends no request for them.
 */
export function CategoryOptions() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLInputElement && event.target.getAttribute('list') === CATEGORY_OPTIONS_ID) setWanted(true);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  const categories = useCategories(wanted);
  return (
    <datalist id={CATEGORY_OPTIONS_ID}>
      {categories.data?.map(({ category, count }) => (
        <option key={category} value={category} label={`${count} ${count === 1 ? 'book' : 'books'}`} />
      ))}
    </datalist>
  );
}
