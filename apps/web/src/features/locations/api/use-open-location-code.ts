import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { locationByCodeQueryOptions } from './find-location-by-code';

/**
 * Scanning a location's label wherever a book's code is scanned opens the location (GET /locations?code=). The
 * answer says what happened, for the screen to show: the location opened, or no location has the code.
 */
export function useOpenLocationCode() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (code: string): Promise<string> => {
    try {
      const location = await queryClient.fetchQuery(locationByCodeQueryOptions(code));
      if (!location) return `No book or location has the code ${code}.`;
      await navigate(paths.dashboard.location(location._id));
      return `Opened location ${location.code}.`;
    } catch (error) {
      return `Could not look up ${code}: ${(error as Error).message}`;
    }
  };
}
