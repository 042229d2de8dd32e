// Unit tests, and the stores' shared suite against a real, migrated PostgreSQL database
// made for the run (@once/db's global setup; the in-memory store needs none).
import { databaseTestConfig } from "@once/db/testing/vitest-config";

export default databaseTestConfig();
