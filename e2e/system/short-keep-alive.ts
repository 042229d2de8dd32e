// Loaded before every system test file (vitest.config.ts's setupFiles). The tests' own fetch
// keeps an idle connection to each node for 4 s (undici's default), and a stopping node waits
// for its connections to end rather than closing idle ones (apps/web/server.mjs says why): so
// every node stop in these tests waited ~3-4 s for the test's own idle sockets. A short idle
// time on this side ends them in a quarter second; nothing on the node's side changes.
import { Agent, setGlobalDispatcher } from "undici";

setGlobalDispatcher(new Agent({ keepAliveTimeout: 250, keepAliveMaxTimeout: 250 }));
