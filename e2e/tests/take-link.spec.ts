// Issue 26, item 3: the link in every message about a lead (group chats, e-mails) opens the lead
// with ?take=1. Signed out, it goes through sign-in and comes back to the lead, where "I'll
// take it" comes first; one press makes the lead the reader's and stops the clock; a second
// reader of the same link is told who has it. A ?next= that leaves the dashboard is not
// followed. Both languages, desktop and phone, on the production build.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signInAs, submitInquiry, type DashboardLocale } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { db } from "./support";
import { flowLocales } from "./matrix";

const [alice, bob] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number], (typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    offer: (n: string) => `Lead ${n} is waiting for its first response. Take it and it is yours.`,
    takeIt: "I'll take it",
    yours: (n: string) => `Lead ${n} is yours: you answered it.`,
    answered: (n: string) => `Lead ${n} has been answered already (owner: Bob Sales).`,
    clockAnswered: /^after \d+ min$/,
    signIn: "Sign in",
  },
  "zh-CN": {
    offer: (n: string) => `线索 ${n} 正在等待首次响应，点击即由你跟进。`,
    takeIt: "我来跟进",
    yours: (n: string) => `线索 ${n} 已由你跟进。`,
    answered: (n: string) => `线索 ${n} 已有人响应（负责人：Bob Sales）。`,
    clockAnswered: /^用时 \d+ 分钟$/,
    signIn: "登录",
  },
} as const;

/** A signed-out reader in `locale` who followed `path`: the sign-in page, filled in, submitted. */
async function followSignedOut(browser: Browser, baseURL: string, path: string, locale: DashboardLocale, staff: typeof bob): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale, timezoneId: "Asia/Shanghai" });
  await context.addCookies([{ name: "lang", value: locale, url: new URL("/", baseURL).href }]);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/dashboard\/sign-in\?next=/);
  await page.getByLabel(/E-mail|邮箱/).fill(staff.email);
  await page.getByLabel(/Password|密码/).fill(staff.password);
  await page.getByRole("button", { name: TEXT[locale].signIn, exact: true }).click();
  return page;
}

for (const locale of flowLocales("en")) {
  const L = TEXT[locale];
  test(`a take link signs in, comes back to the lead and takes it with one press (${locale})`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const number = await submitInquiry({ content: `Please call me back (${locale})` });
    // Nobody owns it yet and the clock runs: the state a lead is in when its message goes out to a group.
    const { rows } = await db().query<{ id: string }>(`update lead set assignee_id = null where number = $1 returning id`, [Number(number.slice(3))]);
    const link = `/dashboard/leads/${rows[0]!.id}?take=1`;

    const reader = await followSignedOut(browser, baseURL!, link, locale, bob);
    const other = await signInAs(browser, alice, locale);
    try {
      await expect(reader).toHaveURL(new RegExp(`${link.replace("?", "\\?")}$`));
      const offer = reader.getByTestId("take-offer");
      await expect(offer).toContainText(L.offer(number));
      // The offer is on the first screen of a phone too.
      await reader.setViewportSize({ width: 390, height: 844 });
      await expect(offer.getByRole("button", { name: L.takeIt })).toBeInViewport();
      await reader.setViewportSize({ width: 1280, height: 800 });
      await screens(reader, `take-offer-${locale}`);
      // One "I'll take it" on the page: the offer's, not a second one in the work panel.
      await expect(reader.getByRole("button", { name: L.takeIt })).toHaveCount(1);

      await offer.getByRole("button", { name: L.takeIt }).click();
      await expect(offer).toHaveText(L.yours(number));
      await expect(reader.getByTestId("response-clock")).toHaveText(L.clockAnswered);
      await expect(reader.getByRole("button", { name: L.takeIt })).toHaveCount(0);
      await screens(reader, `take-done-${locale}`);
      const owner = await db().query<{ email: string }>(`select u.email from lead l join staff_user u on u.id = l.assignee_id where l.number = $1`, [
        Number(number.slice(3)),
      ]);
      expect(owner.rows).toEqual([{ email: bob.email }]);

      // A colleague following the same message's link later: told who has it, nothing to press.
      await other.goto(link);
      await expect(other.getByTestId("take-offer")).toHaveText(L.answered(number));
      await expect(other.getByRole("button", { name: L.takeIt })).toHaveCount(0);
    } finally {
      await reader.context().close();
      await other.context().close();
    }
  });
}

test("a ?next= that leaves the dashboard is not followed after sign-in", async ({ browser }) => {
  for (const next of ["https://evil.example/dashboard", "//evil.example/dashboard", "/dashboard/../me"]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/dashboard/sign-in?next=${encodeURIComponent(next)}`);
    await page.getByLabel(/E-mail|邮箱/).fill(bob.email);
    await page.getByLabel(/Password|密码/).fill(bob.password);
    await page.getByRole("button", { name: /^(Sign in|登录)$/ }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/dashboard\/leads(?:\?|$)/);
    await context.close();
  }
});
