import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { normaliseIsbn } from '../../../lib/isbn';
import { locationByCodeQueryOptions } from './find-location-by-code';

/**
 * Scanning a location's label wherever a book's code is scanned opens the location (GET /locations?code=). A
 * screen with unsaved work passes `leave`, asked with the location's code before it opens. The answer is what
 * the screen should say when the location did not open (none has the code, the clerk stayed, the look-up
 * failed), or nothing when it opened.
 */
export function useOpenLocationCode() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (code: string, leave?: (locationCode: string) => Promise<boolean>): Promise<string | undefined> => {
    try {
      const location = await queryClient.fetchQuery(locationByCodeQueryOptions(code));
      if (!location) return `No book or location has the code ${code}.`;
      if (leave && !(await leave(location.code))) return `Location ${location.code} was not opened.`;
      await navigate(paths.dashboard.location(location._id));
      return undefined;
    } catch (error) {
      return `Could not look up ${code}: ${(error as Error).message}`;
    }
  };
}

/**
 * For a search box a scanner may type into: on Enter, text that is a location's code opens the location; any
 * other text (an ISBN is not even looked up) stays a search. Answers whether the location opened.
 */
export function useOpenIfLocationCode() {
  const openLocation = useOpenLocationCode();
  return async (text: string): Promise<boolean> => !normaliseIsbn(text) && (await openLocation(text)) === undefined;
}
