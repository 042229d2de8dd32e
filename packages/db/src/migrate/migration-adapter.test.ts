/** Unit-level checks of the three adapter fixes, against the real PostgreSQL. */
import { ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { describe, expect, it } from "vitest";

import { MigrationPgAdapterFactory, SHADOW_DB_PREFIX } from "./migration-adapter.ts";

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const q = (sql: string) => ({ sql, args: [], argTypes: [] });

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe("MigrationPgAdapterFactory", () => {
  it('decodes "char" / name columns (and their arrays) as text', async () => {
    const factory = new MigrationPgAdapterFactory({ url: ADMIN_URL });
    const adapter = await factory.connect();
    try {
      const rs = await adapter.queryRaw(q(`SELECT 'r'::"char" AS c, 'pg'::name AS n, ARRAY['a','b']::name[] AS na, ARRAY['x']::"char"[] AS ca`));
      expect(rs.columnTypes).toEqual([ColumnTypeEnum.Text, ColumnTypeEnum.Text, ColumnTypeEnum.TextArray, ColumnTypeEnum.TextArray]);
      expect(rs.rows).toEqual([["r", "pg", ["a", "b"], ["x"]]]);
    } finally {
      await factory.close();
    }
  });

  it('runs a script whole: dollar-quoted ";" survive and a failure rolls everything back', async () => {
    const factory = new MigrationPgAdapterFactory({ url: ADMIN_URL });
    const shadow = await factory.connectToShadowDb(); // a scratch database
    try {
      await shadow.executeScript(`CREATE FUNCTION two() RETURNS int AS $$ BEGIN PERFORM 1; RETURN 2; END; $$ LANGUAGE plpgsql; CREATE TABLE t (id int);`);
      expect((await shadow.queryRaw(q("SELECT two() AS v"))).rows).toEqual([[2]]);

      await expect(shadow.executeScript(`CREATE TABLE half (id int); SELECT * FROM missing;`)).rejects.toThrow();
      expect(factory.lastScriptError).toMatchObject({ code: "42P01", message: 'relation "missing" does not exist' });
      expect((await shadow.queryRaw(q(`SELECT to_regclass('half') IS NULL AS gone`))).rows).toEqual([[true]]);
    } finally {
      await factory.close();
    }
  });

  it("gives the shadow database its own uniquely named database and drops it on dispose", async () => {
    const factory = new MigrationPgAdapterFactory({ url: ADMIN_URL });
    const main = await factory.connect();
    const shadow = await factory.connectToShadowDb();
    const mainDb = ((await main.queryRaw(q("SELECT current_database()"))).rows as string[][])[0]![0]!;
    const shadowDb = ((await shadow.queryRaw(q("SELECT current_database()"))).rows as string[][])[0]![0]!;
    expect(mainDb).toBe("postgres");
    expect(shadowDb.startsWith(SHADOW_DB_PREFIX)).toBe(true);

    await shadow.dispose(); // closes its pool first, then drops: no "being accessed by other users"
    expect(await databaseExists(shadowDb)).toBe(false);
    await factory.close();
  });
});
