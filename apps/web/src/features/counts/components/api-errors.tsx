import { ApiError } from '../../../lib/api-client';

/** A refusal in the clerk's view: the server's message, then each field it named with what is wrong with it. */
export function ApiErrorNotice({ error, fieldNames = {} }: { error: Error | null; fieldNames?: Record<string, string> }) {
  if (!error) return null;
  const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p>{error.message}</p>
      {fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {fields.map(([field, message]) => (
            <li key={field}>
              {fieldNames[field] ?? field}: {message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
