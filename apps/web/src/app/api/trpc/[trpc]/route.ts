import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@once/api";
import { createRequestContext } from "~/server/context";
import { logger } from "~/server/logger";

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createRequestContext(req.headers),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ path, err: error.message }, "trpc.error");
    },
  });

export { handler as GET, handler as POST };
