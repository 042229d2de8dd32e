// Composes the domain routers into the app's one router.
import { catalogRouter } from "./routers/catalog.ts";
import { dashboardRouter } from "./routers/dashboard.ts";
import { leadRouter } from "./routers/lead.ts";
import { meRouter } from "./routers/me.ts";
import { operationRouter } from "./routers/operation.ts";
import { orderRouter } from "./routers/order.ts";
import { createCallerFactory, createTRPCRouter } from "./trpc.ts";

export const appRouter = createTRPCRouter({
  catalog: catalogRouter,
  order: orderRouter,
  lead: leadRouter,
  operation: operationRouter,
  me: meRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
