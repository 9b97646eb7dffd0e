import type { Location } from '@book-warehouse/types';
import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../config/paths';
import { useStoredChoice } from '../../../lib/use-stored-choice';
import { useLocations } from '../api/get-locations';
import { LABEL_SHEETS, labelsPerSheet, sheetPages } from '../label-sheets';
import { buildTree, findNode, subtreeOf } from '../tree';
import { LabelSheetPages } from './label-sheet-pages';

const SHEET_IDS = LABEL_SHEETS.map((sheet) => sheet.id);

/**
 * Labels of one location, or of it and every location beneath it, on the sheet the clerk picks (remembered in
 * this browser), ready for the browser's Print.
 */
export function LocationLabels({
  locationId,
  subtree,
  onSubtree,
}: {
  locationId: string;
  subtree: boolean;
  onSubtree: (subtree: boolean) => void;
}) {
  const locations = useLocations();
  const sheetFieldId = useId();
  const [sheetId, setSheetId] = useStoredChoice('location-label-sheet', SHEET_IDS);
  const sheet = LABEL_SHEETS.find((candidate) => candidate.id === sheetId)!;
  const roots = useMemo(() => buildTree(locations.data ?? []), [locations.data]);
  const node = findNode(roots, locationId);
  const labelled: Location[] = node ? (subtree ? subtreeOf(node) : [node.location]) : [];
  const sheets = sheetPages(labelled, sheet).length;

  return (
    <QueryState query={locations} loading="Loading the locations">
      {() =>
        !node ? (
          <p role="alert" className="text-red-700">
            This location does not exist (any more).{' '}
            <Link to={paths.dashboard.locations} className="font-semibold text-amber-700 underline">
              Back to the locations
            </Link>
          </p>
        ) : (
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:flex-wrap sm:items-end print:hidden">
              <div className="flex flex-col gap-1">
                <label htmlFor={sheetFieldId} className="text-sm font-medium text-slate-700">
                  Label sheet
                </label>
                <select
                  id={sheetFieldId}
                  value={sheet.id}
                  onChange={(event) => setSheetId(event.target.value as typeof sheetId)}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
                >
                  {LABEL_SHEETS.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </select>
              </div>
              <label className="flex items-center gap-2 text-sm text-slate-800 sm:pb-2">
                <input
                  type="checkbox"
                  checked={subtree}
                  onChange={(event) => onSubtree(event.target.checked)}
                  className="size-4 accent-amber-700"
                  disabled={node.children.length === 0}
                />
                Every location beneath {node.location.code} too
              </label>
              <Button onClick={() => window.print()}>Print</Button>
            </div>
            <p className="text-sm text-slate-600 print:hidden" aria-live="polite">
              {labelled.length} {labelled.length === 1 ? 'label' : 'labels'} on {sheets} {sheets === 1 ? 'sheet' : 'sheets'} of{' '}
              {labelsPerSheet(sheet)}. Print at 100% (no scaling, no margins) on {sheet.pageSize === 'A4' ? 'A4' : 'Letter'} paper.
            </p>
            <ScrollRegion label="Label sheets" className="pb-2 print:overflow-visible">
              <LabelSheetPages locations={labelled} sheet={sheet} />
            </ScrollRegion>
          </div>
        )
      }
    </QueryState>
  );
}
