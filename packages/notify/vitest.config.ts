import { databaseTestConfig } from "@once/db/testing/vitest-config";

// One file at a time: the worker tests start pg-boss workers on the shared queues.
export default databaseTestConfig({ fileParallelism: false, testTimeout: 90_000 });
