import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadApiFile, type DownloadProgress } from './download';

/** The file an export asks the API for: its path and query, and the name to save it under if the server gives none. */
interface ExportRequest {
  path: string;
  query?: Record<string, string | number | undefined>;
  name: string;
}

/**
 * A CSV export of the API as a mutation (`mutate(input)`, `isPending`), with its `progress` while the file
 * downloads: the rows received, of those the server announces when it does, and the rate (lib/download.ts).
 */
export function useCsvExport<Input = void>(request: (input: Input) => ExportRequest) {
  const [progress, setProgress] = useState<DownloadProgress>();
  const mutation = useMutation({
    mutationFn: (input: Input) => {
      const { path, query = {}, name } = request(input);
      setProgress({ done: 0, unit: 'rows' });
      return downloadApiFile(path, query, name, setProgress);
    },
    onSettled: () => setProgress(undefined),
  });
  return { ...mutation, progress };
}
