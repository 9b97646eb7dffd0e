import { useSearchParams } from 'react-router-dom';
import { readFilters, writeFilters, type HistoryFilters } from '../filters';

/**
 * The History screen's filters from the URL, and a setter that writes them back (a new history entry each
 * time, so back goes to the previous filters). A change of filter starts again at the first page.
 */
export function useHistoryFilters(): [HistoryFilters, (change: Partial<HistoryFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const update = (change: Partial<HistoryFilters>) => setParams(writeFilters({ ...filters, page: 0, ...change }));
  return [filters, update];
}
