import { databaseTestConfig } from "../db/src/testing/vitest-config.ts";

export default databaseTestConfig();
