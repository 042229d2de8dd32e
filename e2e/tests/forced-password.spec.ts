// Issue 26, item 7, in both languages on the production build: a password an admin resets is
// temporary. Its holder signs in to the page that asks for their own and cannot leave it (a
// dashboard page sends them back, an export answers 403); a weak password is refused in the
// page's language; a good one opens the dashboard, and from then on only the new password signs in.
import { expect, test } from "@playwright/test";
import { signInAs, signInWithTemporaryPassword } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { flowLocales } from "./matrix";

const TEXT = {
  en: {
    staffNav: "Staff",
    create: "Create the account",
    reset: "Reset password",
    setPassword: "Set the password",
    flagged: "Must change password",
    heading: "Choose Your Password",
    current: "Temporary password",
    new: "New password",
    confirm: "New password again",
    save: "Save My Password",
    weak: "Refused: the password is too short: at least 12 characters.",
    mismatch: "Refused: the two new passwords differ.",
    leads: "Leads",
    wrong: "Wrong e-mail or password.",
  },
  "zh-CN": {
    staffNav: "员工",
    create: "创建账号",
    reset: "重置密码",
    setPassword: "设置密码",
    flagged: "需修改密码",
    heading: "设置您的密码",
    current: "临时密码",
    new: "新密码",
    confirm: "再次输入新密码",
    save: "保存我的密码",
    weak: "未执行：密码太短：至少需要 12 个字符。",
    mismatch: "未执行：两次输入的新密码不一致。",
    leads: "线索",
    wrong: "邮箱或密码错误。",
  },
} as const;

for (const locale of flowLocales("en")) {
  test(`a reset password is replaced by its holder before anything else (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000); // two staff members, several sign-ins, screenshots at two sizes
    const text = TEXT[locale];
    const member = {
      email: `reset-${locale.toLowerCase()}-${Date.now()}@staff.test`,
      password: "first-harbour-kestrel-31",
      name: `Reset ${locale}`,
      role: "sales" as const,
    };
    const temporary = "granite-willow-ferry-64";
    const chosen = "copper-lagoon-thistle-85";

    // The admin invites the member, then resets their password: the reset's is the temporary one.
    const admin = await signInAs(browser, E2E_STAFF[0]!, locale);
    await admin.getByRole("link", { name: text.staffNav, exact: true }).click();
    const invite = admin.getByRole("region", { name: /Invite a colleague|邀请同事/ });
    await invite.getByLabel(/^(E-mail|邮箱)$/).fill(member.email);
    await invite.getByLabel(/^(Name|姓名)$/).fill(member.name);
    await invite.getByLabel(/^(Temporary password|临时密码)$/).fill(member.password);
    await invite.getByRole("button", { name: text.create }).click();
    const row = admin.locator(`[data-testid="staff-row"][data-email="${member.email}"]`);
    await expect(row).toContainText(text.flagged);
    await row.getByRole("button", { name: text.reset }).click();
    await row.getByLabel(new RegExp(member.email.replace(/[.]/g, "\\."))).fill(temporary);
    await row.getByRole("button", { name: text.setPassword }).click();
    await expect(admin.getByTestId("staff-message")).toContainText(member.email);
    await expect(row).toContainText(text.flagged);

    // Signed in with it, the member lands on the password page, and only there.
    const page = await signInWithTemporaryPassword(browser, { ...member, password: temporary }, locale);
    await expect(page.getByRole("heading", { level: 1, name: text.heading })).toBeVisible();
    await expect(page.getByRole("link", { name: text.leads, exact: true })).toHaveCount(0);
    await page.goto("/dashboard/leads");
    await expect(page).toHaveURL(/\/dashboard\/password$/);
    expect((await page.request.get("/api/dashboard/leads.csv")).status()).toBe(403);

    // A weak password and a mistyped confirmation are refused in the page's language.
    await page.getByLabel(text.current, { exact: true }).fill(temporary);
    await page.getByLabel(text.new, { exact: true }).fill("short");
    await page.getByLabel(text.confirm, { exact: true }).fill("short");
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByTestId("password-message")).toHaveText(text.weak);
    await screens(page, `password-${locale}`);
    await page.getByLabel(text.new, { exact: true }).fill(chosen);
    await page.getByLabel(text.confirm, { exact: true }).fill(`${chosen}x`);
    await page.getByRole("button", { name: text.save }).click();
    await expect(page.getByTestId("password-message")).toHaveText(text.mismatch);

    // A good one opens the dashboard, with its navigation.
    await page.getByLabel(text.confirm, { exact: true }).fill(chosen);
    await page.getByRole("button", { name: text.save }).click();
    await expect(page).toHaveURL(/\/dashboard\/leads/);
    await expect(page.getByRole("heading", { level: 1, name: text.leads })).toBeVisible();
    await expect(page.getByRole("link", { name: text.leads, exact: true })).toBeVisible();
    await page.context().close();

    await admin.reload();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText(text.flagged);
    await admin.context().close();

    // From now on the new password signs in, straight to the dashboard; the temporary one does not.
    const again = await signInAs(browser, { ...member, password: chosen }, locale);
    await again.context().close();
    const context = await browser.newContext({ locale });
    const refused = await context.newPage();
    await refused.goto("/dashboard/sign-in");
    await context.addCookies([{ name: "lang", value: locale, url: refused.url() }]);
    await refused.reload();
    await refused.getByLabel(/E-mail|邮箱/).fill(member.email);
    await refused.getByLabel(/Password|密码/).fill(temporary);
    await refused.getByRole("button", { name: /^(Sign in|登录)$/ }).click();
    await expect(refused.getByText(text.wrong)).toBeVisible();
    await expect(refused).toHaveURL(/\/dashboard\/sign-in/);
    await context.close();
  });
}
