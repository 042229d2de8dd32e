// The dashboard's texts in both languages: one table per area (common.ts, leads.ts, …), each
// with its own key prefix, combined here. Separate from ../messages.ts so the customer pages
// never ship them: only the dashboard's layout imports this module. Same language choice
// (the `lang` cookie, ../locale.ts) as the customer pages.
import type { Locale } from "../messages";
import { translateWith, type TranslateWith } from "../translate";
import * as common from "./common";
import * as leads from "./leads";
import * as ops from "./ops";
import * as orders from "./orders";
import * as staff from "./staff";
import * as assignment from "./assignment";
import * as channels from "./channels";
import * as reconciliation from "./reconciliation";
import * as exportsArea from "./exports";
import * as password from "./password";

// The prefixes (`satisfies` in each area) keep the areas' keys apart, so spreading never
// overwrites one area's text with another's.
const en = {
  ...common.en,
  ...leads.en,
  ...orders.en,
  ...ops.en,
  ...staff.en,
  ...assignment.en,
  ...channels.en,
  ...reconciliation.en,
  ...exportsArea.en,
  ...password.en,
};
export type DashboardKey = keyof typeof en;
export type DashboardMessages = Record<DashboardKey, string>;
export type DashboardTranslate = TranslateWith<DashboardKey>;

const zhCN: DashboardMessages = {
  ...common.zhCN,
  ...leads.zhCN,
  ...orders.zhCN,
  ...ops.zhCN,
  ...staff.zhCN,
  ...assignment.zhCN,
  ...channels.zhCN,
  ...reconciliation.zhCN,
  ...exportsArea.zhCN,
  ...password.zhCN,
};

export const dashboardMessages: Record<Locale, DashboardMessages> = { en, "zh-CN": zhCN };

export function dashboardTranslator(locale: Locale): DashboardTranslate {
  return translateWith(dashboardMessages[locale]);
}
