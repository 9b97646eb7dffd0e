import type { Intent, IntentStore } from './intent';

/**
 * The queue kept in a map, for the tests that replay it (replay.test.ts, the API's fault suite): like IndexedDB it
 * hands out copies, so a change is seen only once it is put back.
 */
export function memoryIntentStore(): IntentStore {
  const rows = new Map<string, Intent>();
  return {
    all: () => Promise.resolve([...rows.values()].map((row) => structuredClone(row)).sort((a, b) => a.seq - b.seq)),
    put: (intent) => Promise.resolve(void rows.set(intent.id, structuredClone(intent))),
    delete: (id) => Promise.resolve(void rows.delete(id)),
  };
}
