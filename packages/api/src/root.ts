// Composes the domain routers into the app's one router; the operations' procedures
// (order.create, lead.submit, …) are derived from their definitions (definitions/trpc-procedures.ts).
import { operationProcedures } from "./definitions/trpc-procedures.ts";
import { catalogRouter } from "./routers/catalog.ts";
import { dashboardRouter } from "./routers/dashboard.ts";
import { meRouter } from "./routers/me.ts";
import { lookUpRouter } from "./routers/look-up.ts";
import { createCallerFactory, createTRPCRouter } from "./trpc.ts";

export const appRouter = createTRPCRouter({
  catalog: catalogRouter,
  ...operationProcedures(),
  operation: lookUpRouter,
  me: meRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
