// The words the dashboard's exports are written in (@once/api's ExportWords): the reader's
// language, and the same headers and statuses the lists show, so a file reads like the screen
// it was exported from.
import "server-only";
import { LEAD_STATUSES, ORDER_STATUSES, type LeadStatus, type OrderStatus } from "@once/db/domain";
import type { ExportWords } from "@once/api/rest";
import { dashboardTranslator } from "~/i18n/dashboard";
import type { Locale } from "~/i18n/messages";

export function exportWords(locale: Locale): ExportWords {
  const t = dashboardTranslator(locale);
  const shared = { number: t("leads.col.number"), receivedAt: t("leads.col.received"), name: t("leads.col.name"), phone: t("leads.col.phone") };
  return {
    language: locale,
    leadColumns: {
      ...shared,
      status: t("leads.col.status"),
      email: t("lead.email"),
      company: t("leads.col.company"),
      possibleDuplicate: t("exports.col.possibleDuplicate"),
      assignee: t("leads.col.assignee"),
      content: t("leads.col.message"),
      notes: t("lead.notes"),
    },
    orderColumns: {
      ...shared,
      name: t("orders.col.contact"),
      status: t("orders.col.status"),
      guide: t("orders.col.guide"),
      quantity: t("orders.col.quantity"),
      address: t("orders.col.address"),
      carrier: t("orders.detail.carrier"),
      trackingNumber: t("orders.detail.tracking"),
      cancelReason: t("exports.col.cancelReason"),
    },
    leadStatus: Object.fromEntries(LEAD_STATUSES.map((s) => [s, t(`common.status.${s}`)])) as Record<LeadStatus, string>,
    orderStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, t(`orders.status.${s}`)])) as Record<OrderStatus, string>,
    yes: t("exports.yes"),
    no: t("exports.no"),
    leadsSheet: t("leads.title"),
    ordersSheet: t("orders.title"),
  };
}
