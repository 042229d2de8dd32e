// A connection checked out of a node-postgres pool, used and given back. While checked out, a
// connection the server ends (a failover, a restart) emits `error` with no pool listening; an
// unheard `error` event would be thrown as an uncaught exception. The statement under way fails
// anyway, so the event is only acknowledged here, and the broken connection is destroyed rather
// than returned to the pool.
import type pg from "pg";

export async function withCheckedOut<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on("error", onError);
  try {
    return await work(client);
  } catch (error) {
    broken ??= error instanceof Error && /Connection terminated|terminating connection|ECONNRESET/i.test(error.message) ? error : undefined;
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
