import { z } from "zod";
import { findGuide, guideSummary, listGuides } from "../catalog/list-guides.ts";
import { appTRPCError } from "../app-error.ts";
import { createTRPCRouter, publicProcedure } from "../trpc.ts";

export const catalogRouter = createTRPCRouter({
  list: publicProcedure.output(z.array(guideSummary)).query(({ ctx }) => listGuides(ctx.prisma)),
  bySlug: publicProcedure
    .input(z.object({ slug: z.string().min(1).max(80) }))
    .output(guideSummary)
    .query(async ({ ctx, input }) => {
      const guide = await findGuide(ctx.prisma, input.slug);
      if (!guide) throw appTRPCError("NOT_FOUND", `no guide with slug "${input.slug}"`);
      return guide;
    }),
});
