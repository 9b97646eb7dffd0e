/**
 * Picks the shard of each counter write in turn, from a random start per process: the transactions one instance has
 * under way add to different shards, so they do not conflict there as shards picked at random do; another instance's
 * turn starts elsewhere.
 */
export function shardsInTurn(count: number): () => number {
  let next = Math.floor(Math.random() * count);
  return () => (next = (next + 1) % count);
}
