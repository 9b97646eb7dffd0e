import type { Db, Document } from 'mongodb';

/** Every stage of a plan tree, depth first. */
function stages(plan: Document | undefined): string[] {
  if (!plan) return [];
  return [
    plan['stage'] as string,
    ...stages(plan['inputStage'] as Document | undefined),
    ...((plan['inputStages'] as Document[] | undefined) ?? []).flatMap(stages),
  ];
}

export interface Plan {
  stages: string[];
  docsExamined: number;
  /** Index keys the query read (a `skip` reads every key it skips). */
  keysExamined: number;
  /** Documents answered plus those skipped to reach a page: what an index-served query may read. */
  needed: number;
  /** The query as sent (its filter, sort and hint). */
  command: Document;
}

/**
 * Runs `call` with MongoDB's profiler on and answers the plan of each query (and count) it made on
 * `collection`: the queries the app really sends while it answers a request.
 */
export async function plansOf(db: Db, collection: string, call: () => Promise<unknown>, ops: string[] = ['query']): Promise<Plan[]> {
  await db.command({ profile: 0 });
  await db
    .collection('system.profile')
    .drop()
    .catch(() => undefined);
  await db.command({ profile: 2 });
  try {
    await call();
  } finally {
    await db.command({ profile: 0 });
  }
  const entries = await db
    .collection('system.profile')
    .find({ ns: `${db.databaseName}.${collection}`, op: { $in: ops } })
    .toArray();
  return Promise.all(
    entries.map(async (entry) => {
      const command = entry['command'] as Document;
      return {
        stages: command['aggregate'] ? await aggregatePlan(db, command) : stages(entry['execStats'] as Document),
        docsExamined: entry['docsExamined'] as number,
        keysExamined: entry['keysExamined'] as number,
        needed: (entry['nreturned'] as number) + ((command['skip'] as number | undefined) ?? 0),
        command,
      };
    }),
  );
}

/** The winning plan of an aggregation (a count): its profile entry holds no stages, so it is explained again. */
async function aggregatePlan(db: Db, command: Document): Promise<string[]> {
  const { aggregate, pipeline, hint } = command as { aggregate: string; pipeline: Document[]; hint?: string };
  const explained = await db.command({ aggregate, pipeline, ...(hint ? { hint } : {}), explain: true });
  const cursorStage = (explained['stages'] as Document[] | undefined)?.[0]?.['$cursor'] as Document | undefined;
  return stages(((cursorStage?.['queryPlanner'] ?? explained['queryPlanner']) as Document | undefined)?.['winningPlan'] as Document);
}
