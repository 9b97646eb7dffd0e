import type { Book, Location } from '@book-warehouse/types';
import type { Intent, IntentStore } from './intent';

/**
 * The floor app's own database in the browser: the queue of intents, the copy of the catalogue (books, locations) and its time. It
 * outlives the tab and a restart of the phone; it holds no token (the Firebase session stays Firebase's).
 */
const DB_NAME = 'book-warehouse-offline';
const INTENTS = 'intents';
const BOOKS = 'books';
const LOCATIONS = 'locations';
const META = 'meta';

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  return (opened ??= new Promise((resolve, reject) => {
    // A browser without IndexedDB (some private windows): nothing can be queued, which the screens say.
    if (typeof indexedDB === 'undefined') return reject(new Error('This browser keeps no offline store'));
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(INTENTS, { keyPath: 'id' });
      db.createObjectStore(BOOKS, { keyPath: '_id' }).createIndex('isbn', 'isbn');
      db.createObjectStore(LOCATIONS, { keyPath: '_id' }).createIndex('code', 'code');
      db.createObjectStore(META);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = undefined;
      reject(request.error ?? new Error('The offline store could not be opened'));
    };
  }));
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The offline store failed'));
  });

/** Runs `work` in one transaction over `stores` and settles when it has committed. */
async function transaction<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T> | T): Promise<T> {
  const tx = (await database()).transaction(stores, mode);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('The offline store failed'));
  });
  const result = await work(tx);
  await committed;
  return result;
}

export const intentStore: IntentStore = {
  all: () =>
    transaction([INTENTS], 'readonly', (tx) => done(tx.objectStore(INTENTS).getAll() as IDBRequest<Intent[]>)).then((intents) =>
      intents.sort((a, b) => a.seq - b.seq),
    ),
  put: (intent) => transaction([INTENTS], 'readwrite', (tx) => void tx.objectStore(INTENTS).put(intent)),
  delete: (id) => transaction([INTENTS], 'readwrite', (tx) => void tx.objectStore(INTENTS).delete(id)),
};

/** The catalogue copy: every book replaced at once with its time, so a lookup never mixes two refreshes. */
export const catalogueStore = {
  replace: (books: Book[], locations: Location[], at: Date) =>
    transaction([BOOKS, LOCATIONS, META], 'readwrite', (tx) => {
      for (const [name, rows] of [
        [BOOKS, books],
        [LOCATIONS, locations],
      ] as const) {
        const store = tx.objectStore(name);
        store.clear();
        for (const row of rows) store.put(row);
      }
      tx.objectStore(META).put(at.toISOString(), 'catalogueAt');
    }),
  byIsbn: (isbn: string) =>
    transaction([BOOKS], 'readonly', (tx) => done(tx.objectStore(BOOKS).index('isbn').get(isbn) as IDBRequest<Book | undefined>)),
  locationByCode: (code: string) =>
    transaction([LOCATIONS], 'readonly', (tx) =>
      done(tx.objectStore(LOCATIONS).index('code').get(code) as IDBRequest<Location | undefined>),
    ),
  refreshedAt: () =>
    transaction([META], 'readonly', (tx) => done(tx.objectStore(META).get('catalogueAt') as IDBRequest<string | undefined>)).then((at) =>
      at ? new Date(at) : undefined,
    ),
};
