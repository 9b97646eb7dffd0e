import { MongoClient, type Db } from 'mongodb';

export interface Database {
  db: Db;
  /** True when the server answers a ping within the server-selection timeout. */
  ping: () => Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Connects once at start-up. If the server goes away later, the driver keeps monitoring it and recovers by
 * itself; meanwhile every operation fails within `serverSelectionTimeoutMS` (answered as 503).
 */
export async function connectDatabase(uri: string, dbName: string, serverSelectionTimeoutMS = 2000): Promise<Database> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS, maxPoolSize: 50, appName: 'book-warehouse-api' });
  await client.connect();
  const db = client.db(dbName);
  return {
    db,
    ping: async () => {
      try {
        await db.command({ ping: 1 });
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
