import { databaseTestConfig } from "@once/db/testing/vitest-config";

export default databaseTestConfig();
