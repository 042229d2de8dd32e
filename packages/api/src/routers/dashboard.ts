// The sales dashboard. Every procedure here is staff-only (staffProcedure / adminProcedure);
// routers/dashboard.test.ts enumerates them and checks 401/403.
import { z } from "zod";
import type { ChatAdminSettings } from "@once/notify";
import { IdempotencyError } from "@once/idempotency";
import { toTRPCError } from "@once/idempotency/trpc";
import { appTRPCError } from "../app-error.ts";
import { readPreferringStandby, type PrismaClient, type ReadClients } from "@once/db";
import { countLeadsByStatus, leadFilterInput, listLeads, leadListInput } from "../dashboard/lead-list.ts";
import { bulkUpdateLeads, leadBulkInput } from "../dashboard/lead-bulk.ts";
import { getLeadDetail } from "../dashboard/lead-detail.ts";
import { addLeadNote, LeadConflict, LeadRuleViolation, leadNoteInput, leadUpdateInput, updateLead } from "../dashboard/lead-workflow.ts";
import { listOrders, orderGuides, orderListInput } from "../dashboard/order-list.ts";
import { getOrderDetail, getPackingList } from "../dashboard/order-detail.ts";
import {
  cancelOrder,
  fulfilOrder,
  orderCancelInput,
  OrderConflict,
  orderFulfilInput,
  OrderRuleViolation,
  ShipmentRefusal,
} from "../dashboard/order-workflow.ts";
import * as staffAdmin from "../dashboard/staff-admin.ts";
import * as assignment from "../dashboard/assignment-admin.ts";
import * as chatChannels from "../dashboard/chat-channels-admin.ts";
import { getResponseTarget, responseTargetInput, setResponseTarget } from "../dashboard/response-target.ts";
import { reconcileDay, reconciliationInput } from "../dashboard/reconciliation.ts";
import { MergeRefusal, mergeInput, mergeLeads, undoMerge, undoMergeInput } from "../dashboard/lead-merge.ts";
import * as tasks from "../dashboard/lead-tasks.ts";
import { getOpsSummary } from "../dashboard/ops-summary.ts";
import { leadEvents } from "../dashboard/lead-events.ts";
import { sessionStream } from "../dashboard/session-stream.ts";
import { requeueDelivery } from "../dashboard/requeue-delivery.ts";
import { UnknownId } from "../dashboard/unknown-id.ts";
import * as savedViews from "../dashboard/saved-views.ts";
import { adminProcedure, createTRPCRouter, staffProcedure, temporaryPasswordProcedure } from "../trpc.ts";

const notFound = (what: string) => appTRPCError("NOT_FOUND", `no ${what} with this id`);

/** The dashboard operations' refusals as tRPC errors with protocol data; anything else is rethrown as is. */
function refusal(error: unknown): never {
  if (error instanceof UnknownId) throw notFound(error.what);
  if (error instanceof LeadConflict) throw appTRPCError("STALE_VERSION", error.message);
  if (error instanceof LeadRuleViolation) throw toTRPCError(new IdempotencyError("VALIDATION_FAILED", error.message));
  if (error instanceof OrderConflict) throw appTRPCError("STALE_VERSION", error.message);
  if (error instanceof OrderRuleViolation) throw toTRPCError(new IdempotencyError("VALIDATION_FAILED", error.message));
  if (error instanceof ShipmentRefusal) throw appTRPCError(error.reason, error.message);
  // The reason is the code (its params beside it): the staff page words it in the reader's language.
  if (error instanceof staffAdmin.StaffAccountError) throw appTRPCError(error.reason, error.message, { params: error.params });
  if (error instanceof assignment.AssignmentRefusal) throw appTRPCError(error.reason, error.message);
  if (error instanceof chatChannels.ChannelRefusal) throw appTRPCError(error.reason, error.message);
  if (error instanceof MergeRefusal) throw appTRPCError(error.reason, error.message);
  if (error instanceof tasks.TaskRefusal) throw appTRPCError(error.reason, error.message);
  if (error instanceof tasks.TaskConflict) throw appTRPCError("STALE_VERSION", error.message);
  if (error instanceof savedViews.SavedViewRefusal) throw appTRPCError(error.reason, error.message, { params: error.params });
  throw error;
}

/** The node's chat settings; without them (tests that pass none) nothing can be sealed or opened. */
const chatSettings = (ctx: { chat?: ChatAdminSettings }): ChatAdminSettings =>
  ctx.chat ?? { key: null, allowStandIns: false, timeoutMs: 5_000, targetOf: () => null };

/** "My leads": the filter's assignee "me" is the caller. */
const forCaller = <F extends { assignee?: string }>(filter: F, staffId: string): F => (filter.assignee === "me" ? { ...filter, assignee: staffId } : filter);

/** Where the lists and counts read: the standby when one is configured and answers, else the primary (readPreferringStandby). */
const readClients = (ctx: { prisma: PrismaClient; readReplica?: PrismaClient | null }): ReadClients => ({ primary: ctx.prisma, standby: ctx.readReplica });

export const dashboardRouter = createTRPCRouter({
  me: staffProcedure.query(({ ctx }) => ctx.staff),
  /** Who a lead can be assigned to: every account not disabled. */
  staff: staffProcedure.query(({ ctx }) =>
    ctx.prisma.user.findMany({ where: { disabledAt: null }, select: { id: true, name: true, role: true }, orderBy: { name: "asc" } }),
  ),
  leads: createTRPCRouter({
    list: staffProcedure
      .input(leadListInput)
      .query(({ ctx, input }) => readPreferringStandby(readClients(ctx), (db) => listLeads(db, forCaller(input, ctx.staff.id)))),
    /** Per status, how many leads match the list's other filters (capped: COUNT_CAP, or WALKED_COUNT_CAP for a common short search). */
    counts: staffProcedure
      .input(leadFilterInput)
      .query(({ ctx, input }) => readPreferringStandby(readClients(ctx), (db) => countLeadsByStatus(db, forCaller(input, ctx.staff.id)))),
    get: staffProcedure
      .input(z.object({ id: z.uuid() }))
      .query(async ({ ctx, input }) => (await getLeadDetail(ctx.prisma, input.id)) ?? Promise.reject(notFound("lead"))),
    update: staffProcedure
      .input(leadUpdateInput)
      .mutation(({ ctx, input }) =>
        updateLead(ctx.prisma, input, { actorId: ctx.staff.id, channels: ctx.operationSettings?.lead.channels ?? [] }).catch(refusal),
      ),
    /**
     * Server-sent events: first whether this node hears new leads live ({live}), again whenever
     * that changes, and the id of each new lead as soon as it is committed on any node ({id}).
     */
    onCreated: staffProcedure.subscription(({ ctx, signal }) => {
      // Without a session to check again (a caller built in tests), the stream is refused.
      if (!ctx.staffSession) throw appTRPCError("UNAUTHENTICATED", "sign in as staff");
      return sessionStream(ctx.staffSession, signal, async function* (ended) {
        for await (const event of leadEvents(ended)) yield event.kind === "lead" ? { id: event.id } : { live: event.live };
      });
    }),
    /** Per lead: updated, unchanged, or refused with the reason (stale, not found, …). */
    bulkUpdate: staffProcedure
      .input(leadBulkInput)
      .mutation(({ ctx, input }) =>
        bulkUpdateLeads(ctx.prisma, input, { actorId: ctx.staff.id, channels: ctx.operationSettings?.lead.channels ?? [] }).catch(refusal),
      ),
    addNote: staffProcedure.input(leadNoteInput).mutation(({ ctx, input }) => addLeadNote(ctx.prisma, ctx.staff.id, input).catch(refusal)),
    /** Merges a possible duplicate into this lead (dashboard/lead-merge.ts); undone from the timeline. */
    merge: staffProcedure.input(mergeInput).mutation(({ ctx, input }) => mergeLeads(ctx.prisma, ctx.staff.id, input).catch(refusal)),
    undoMerge: staffProcedure.input(undoMergeInput).mutation(({ ctx, input }) => undoMerge(ctx.prisma, ctx.staff.id, input).catch(refusal)),
    /** Saved views of the list (dashboard/saved-views.ts): mine and the team's shared ones. */
    views: createTRPCRouter({
      list: staffProcedure.query(({ ctx }) => savedViews.listSavedViews(ctx.prisma, ctx.staff)),
      create: staffProcedure
        .input(savedViews.savedViewInput)
        .mutation(({ ctx, input }) => savedViews.createSavedView(ctx.prisma, ctx.staff, input).catch(refusal)),
      rename: staffProcedure
        .input(savedViews.renameInput)
        .mutation(({ ctx, input }) => savedViews.renameSavedView(ctx.prisma, ctx.staff, input).catch(refusal)),
      share: staffProcedure.input(savedViews.shareInput).mutation(({ ctx, input }) => savedViews.shareSavedView(ctx.prisma, ctx.staff, input).catch(refusal)),
      delete: staffProcedure
        .input(savedViews.deleteInput)
        .mutation(({ ctx, input }) => savedViews.deleteSavedView(ctx.prisma, ctx.staff, input).catch(refusal)),
      /** Once per browser: the views it kept in localStorage before they lived here. */
      importLocal: staffProcedure
        .input(savedViews.importInput)
        .mutation(({ ctx, input }) => savedViews.importLocalViews(ctx.prisma, ctx.staff, input).catch(refusal)),
    }),
  }),
  /** Follow-up tasks on leads (dashboard/lead-tasks.ts): reminded to their assignee at the due time. */
  tasks: createTRPCRouter({
    list: staffProcedure.input(tasks.taskListInput).query(({ ctx, input }) => tasks.listLeadTasks(ctx.prisma, input).catch(refusal)),
    mine: staffProcedure.query(({ ctx }) => tasks.myOpenTasks(ctx.prisma, ctx.staff.id)),
    add: staffProcedure.input(tasks.taskAddInput).mutation(({ ctx, input }) => tasks.addLeadTask(ctx.prisma, ctx.staff, input).catch(refusal)),
    edit: staffProcedure.input(tasks.taskEditInput).mutation(({ ctx, input }) => tasks.editLeadTask(ctx.prisma, ctx.staff, input).catch(refusal)),
    setDone: staffProcedure.input(tasks.taskDoneInput).mutation(({ ctx, input }) => tasks.setLeadTaskDone(ctx.prisma, ctx.staff, input).catch(refusal)),
    delete: staffProcedure.input(tasks.taskIdInput).mutation(({ ctx, input }) => tasks.deleteLeadTask(ctx.prisma, ctx.staff, input).catch(refusal)),
  }),
  orders: createTRPCRouter({
    list: staffProcedure.input(orderListInput).query(({ ctx, input }) => readPreferringStandby(readClients(ctx), (db) => listOrders(db, input))),
    guides: staffProcedure.query(({ ctx }) => orderGuides(ctx.prisma)),
    get: staffProcedure
      .input(z.object({ id: z.uuid() }))
      .query(async ({ ctx, input }) => (await getOrderDetail(ctx.prisma, input.id)) ?? Promise.reject(notFound("order"))),
    /** Packing, shipping (carrier and tracking number) and delivery: the order page's Fulfilment panel. */
    fulfil: staffProcedure.input(orderFulfilInput).mutation(({ ctx, input }) => fulfilOrder(ctx.prisma, input, ctx.staff.id).catch(refusal)),
    /** Its Cancel order panel, with the reason. */
    cancel: staffProcedure.input(orderCancelInput).mutation(({ ctx, input }) => cancelOrder(ctx.prisma, input, ctx.staff.id).catch(refusal)),
    packingList: staffProcedure.input(z.object({ ids: z.array(z.uuid()).min(1).max(100) })).query(({ ctx, input }) => getPackingList(ctx.prisma, input.ids)),
  }),
  /**
   * The password page: a member signed in with a temporary password (an admin's) chooses their
   * own; until then every other dashboard procedure answers PASSWORD_CHANGE_REQUIRED. Limited
   * like every staff write (STAFF_WRITES_PER_MINUTE), which also bounds guessing the current
   * password from a stolen session.
   */
  password: createTRPCRouter({
    change: temporaryPasswordProcedure.input(staffAdmin.ownPasswordInput).mutation(({ ctx, input }) => {
      // Without the session's id (a caller built in tests) the other sessions could not be told apart.
      if (!ctx.staffSession) throw appTRPCError("UNAUTHENTICATED", "sign in as staff");
      return staffAdmin.replaceTemporaryPassword(ctx.prisma, { id: ctx.staff.id, sessionId: ctx.staffSession.id }, input).catch(refusal);
    }),
  }),
  /** Staff management (the admin page): admins only. */
  staffAccounts: createTRPCRouter({
    list: adminProcedure.query(({ ctx }) => staffAdmin.listStaff(ctx.prisma)),
    invite: adminProcedure.input(staffAdmin.staffInviteInput).mutation(({ ctx, input }) => staffAdmin.inviteStaff(ctx.prisma, input).catch(refusal)),
    resetPassword: adminProcedure.input(staffAdmin.staffPasswordInput).mutation(async ({ ctx, input }) => {
      const reset = await staffAdmin.resetStaffPassword(ctx.prisma, input).catch(refusal);
      // The account's sign-in backoff ends with the old password (an admin's way to clear a lock-out).
      await ctx.limits?.recordSignInSuccess(input.email.trim().toLowerCase());
      return reset;
    }),
    disable: adminProcedure
      .input(staffAdmin.staffEmailInput)
      .mutation(({ ctx, input }) => staffAdmin.disableStaff(ctx.prisma, ctx.staff.id, input).catch(refusal)),
    enable: adminProcedure.input(staffAdmin.staffEmailInput).mutation(({ ctx, input }) => staffAdmin.enableStaff(ctx.prisma, input).catch(refusal)),
  }),
  /** Assignment at arrival: everyone sees it and can mark themselves away; admins manage the rules. */
  assignment: createTRPCRouter({
    overview: staffProcedure.query(({ ctx }) => assignment.assignmentOverview(ctx.prisma)),
    createRule: adminProcedure
      .input(assignment.assignmentRuleInput)
      .mutation(({ ctx, input }) => assignment.createAssignmentRule(ctx.prisma, input).catch(refusal)),
    deleteRule: adminProcedure
      .input(z.object({ id: z.uuid() }))
      .mutation(({ ctx, input }) => assignment.deleteAssignmentRule(ctx.prisma, input.id).catch(refusal)),
    setAway: staffProcedure.input(assignment.awayInput).mutation(({ ctx, input }) => assignment.setAway(ctx.prisma, ctx.staff, input).catch(refusal)),
    /** The team's first-response target (every staff member reads it; admins set it). */
    responseTarget: staffProcedure.query(({ ctx }) => getResponseTarget(ctx.prisma)),
    setResponseTarget: adminProcedure.input(responseTargetInput).mutation(({ ctx, input }) => setResponseTarget(ctx.prisma, input)),
  }),
  channels: createTRPCRouter({
    list: adminProcedure.query(({ ctx }) => chatChannels.listChannels(ctx.prisma, chatSettings(ctx))),
    create: adminProcedure
      .input(chatChannels.channelInput)
      .mutation(({ ctx, input }) => chatChannels.createChannel(ctx.prisma, chatSettings(ctx), input).catch(refusal)),
    replace: adminProcedure
      .input(chatChannels.replaceInput)
      .mutation(({ ctx, input }) => chatChannels.replaceChannel(ctx.prisma, chatSettings(ctx), input).catch(refusal)),
    delete: adminProcedure.input(z.object({ id: z.uuid() })).mutation(({ ctx, input }) => chatChannels.deleteChannel(ctx.prisma, input.id).catch(refusal)),
    test: adminProcedure
      .input(z.object({ id: z.uuid() }))
      .mutation(({ ctx, input }) => chatChannels.testChannel(ctx.prisma, chatSettings(ctx), input.id).catch(refusal)),
    resendUnknown: adminProcedure
      .input(z.object({ id: z.uuid() }))
      .mutation(({ ctx, input }) => chatChannels.resendChannelUnknown(ctx.prisma, input.id).catch(refusal)),
  }),
  /** One day's proof that every lead was assigned, delivered and answered, with every gap named. */
  reconciliation: staffProcedure.input(reconciliationInput).query(({ ctx, input }) => reconcileDay(ctx.prisma, input)),
  ops: createTRPCRouter({
    summary: staffProcedure.query(({ ctx }) => getOpsSummary(ctx.prisma)),
  }),
  deliveries: createTRPCRouter({
    requeue: adminProcedure.input(z.object({ id: z.uuid() })).mutation(({ ctx, input }) => requeueDelivery(ctx.prisma, input.id).catch(refusal)),
  }),
});
