// Issue 13, item 1 (the admin page), in both languages on the production build: only admins
// see "Staff"; inviting refuses a weak password and a taken e-mail in one sentence of the page's
// language (worded from the server's reason code); the invited colleague signs in (to the page
// that asks for a password of their own: forced-password.spec.ts); disabling signs them out at
// once; enabling and a password reset let them back in.
import { expect, test } from "@playwright/test";
import { signInAs, signInWithTemporaryPassword } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { flowLocales } from "./matrix";

const TEXT = {
  en: {
    nav: "Staff",
    heading: "Staff accounts",
    email: "E-mail",
    name: "Name",
    role: "Role",
    password: "Temporary password",
    create: "Create the account",
    disable: "Disable",
    enable: "Enable",
    reset: "Reset password",
    setPassword: "Set the password",
    weak: "Refused: the password is too short: at least 12 characters.",
    taken: (email: string) => `Refused: there is already a staff account with the e-mail ${email}.`,
  },
  "zh-CN": {
    nav: "员工",
    heading: "员工账号",
    email: "邮箱",
    name: "姓名",
    role: "角色",
    password: "临时密码",
    create: "创建账号",
    disable: "停用",
    enable: "启用",
    reset: "重置密码",
    setPassword: "设置密码",
    weak: "未执行：密码太短：至少需要 12 个字符。",
    taken: (email: string) => `未执行：邮箱 ${email} 已有员工账号。`,
  },
} as const;

for (const locale of flowLocales("zh-CN")) {
  test(`staff admin page: invite, disable ends sessions, enable, reset (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000); // a whole working session: customers order, two staff members sign in, screenshots
    const text = TEXT[locale];
    const sales = await signInAs(browser, E2E_STAFF[1]!, locale);
    await expect(sales.getByRole("link", { name: text.nav, exact: true })).toHaveCount(0);
    expect((await sales.goto("/dashboard/staff"))?.status()).toBe(404);
    await sales.context().close();

    const admin = await signInAs(browser, E2E_STAFF[0]!, locale);
    await admin.getByRole("link", { name: text.nav, exact: true }).click();
    await expect(admin.getByRole("heading", { level: 1, name: text.heading })).toBeVisible();
    const colleague = {
      email: `new-${locale.toLowerCase()}-${Date.now()}@staff.test`,
      password: "amber-river-compass-93",
      name: `New ${locale}`,
      role: "sales" as const,
    };
    const invite = admin.getByRole("region", { name: /Invite a colleague|邀请同事/ });
    await invite.getByLabel(text.email).fill(colleague.email);
    await invite.getByLabel(text.name).fill(colleague.name);
    await invite.getByLabel(text.role).selectOption("sales");
    await invite.getByLabel(text.password).fill("short");
    await invite.getByRole("button", { name: text.create }).click();
    await expect(admin.getByTestId("staff-message")).toHaveText(text.weak);
    await invite.getByLabel(text.password).fill(colleague.password);
    await invite.getByRole("button", { name: text.create }).click();
    const row = admin.locator(`[data-testid="staff-row"][data-email="${colleague.email}"]`);
    await expect(row).toBeVisible();
    // The same e-mail again (the form was emptied on success).
    await invite.getByLabel(text.email).fill(colleague.email);
    await invite.getByLabel(text.name).fill(colleague.name);
    await invite.getByLabel(text.password).fill(colleague.password);
    await invite.getByRole("button", { name: text.create }).click();
    await expect(admin.getByTestId("staff-message")).toHaveText(text.taken(colleague.email));
    await expect(admin.getByTestId("staff-message")).toBeInViewport(); // pressed at the page's foot
    await screens(admin, `staff-${locale}`);

    // The colleague signs in; disabling signs them out at once.
    const newcomer = await signInWithTemporaryPassword(browser, colleague, locale);
    await row.getByRole("button", { name: text.disable }).click();
    await expect(row).toContainText(/Disabled|已停用/);
    await newcomer.reload();
    await expect(newcomer).toHaveURL(/\/dashboard\/sign-in/);
    await newcomer.context().close();

    // Enabled again with a new password: signs in with that one.
    await row.getByRole("button", { name: text.enable }).click();
    await expect(row).toContainText(/Active|正常/);
    await row.getByRole("button", { name: text.reset }).click();
    await row.getByLabel(new RegExp(colleague.email.replace(/[.]/g, "\\."))).fill("silver-canyon-meadow-18");
    await row.getByRole("button", { name: text.setPassword }).click();
    await expect(admin.getByTestId("staff-message")).toContainText(colleague.email);
    const back = await signInWithTemporaryPassword(browser, { ...colleague, password: "silver-canyon-meadow-18" }, locale);
    await back.context().close();
    await admin.context().close();
  });
}
