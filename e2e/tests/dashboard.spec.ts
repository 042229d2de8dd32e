// Sales see a new inquiry appear live, open it and work it; two staff editing one lead never
// overwrite each other silently.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_STAFF } from "./staff-accounts";
import { confirmedNumber, fillLead } from "./support";

async function signIn(browser: Browser, staff: (typeof E2E_STAFF)[number]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/dashboard/leads");
  await expect(page).toHaveURL(/\/dashboard\/sign-in$/);
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  return page;
}

test("a wrong password gets one message that does not reveal whether the account exists", async ({ page }) => {
  await page.goto("/dashboard/sign-in");
  for (const email of ["alice@staff.test", "nobody@staff.test"]) {
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator(".sign-in-form [role=alert]")).toHaveText("Wrong e-mail or password.");
  }
});

test("a new inquiry appears live for sales, who open it and change its status", async ({ browser, page }) => {
  const staff = await signIn(browser, E2E_STAFF[0]!);
  const phone = `139 ${String(Date.now()).slice(-8)}`;
  await page.goto("/contact");
  await fillLead(page, phone);
  await page.getByRole("button", { name: "Send inquiry" }).click();
  const number = await confirmedNumber(page);

  const row = staff.getByTestId("lead-row").filter({ hasText: number });
  await expect(row).toBeVisible({ timeout: 4_000 }); // polled every 2 s, no reload
  await row.getByRole("link", { name: number }).click();
  await expect(staff.getByRole("heading", { level: 1, name: new RegExp(`Lead ${number}`) })).toBeVisible();
  await staff.getByLabel(/^Status/).selectOption("contacted");
  await expect(staff.getByTestId("update-status")).toHaveText("Saved.");
  await expect(staff.getByLabel(/^Status/)).toBeVisible();
  await expect(staff.getByText("Status (contacted)")).toBeVisible();
  await staff.context().close();
});

test("two staff editing one lead: the second sees the conflict", async ({ browser, page }) => {
  await page.goto("/contact");
  await fillLead(page, `138 ${String(Date.now()).slice(-8)}`);
  await page.getByRole("button", { name: "Send inquiry" }).click();
  const number = await confirmedNumber(page);

  const alice = await signIn(browser, E2E_STAFF[0]!);
  const bob = await signIn(browser, E2E_STAFF[1]!);
  for (const staff of [alice, bob]) {
    await staff.getByTestId("lead-row").filter({ hasText: number }).getByRole("link").click();
    await expect(staff.getByText("Status (new)")).toBeVisible();
  }
  await alice.getByLabel(/^Status/).selectOption("contacted");
  await expect(alice.getByTestId("update-status")).toHaveText("Saved.");
  await bob.getByLabel(/^Status/).selectOption("lost");
  await expect(bob.getByTestId("update-status")).toContainText("changed by someone else");
  await bob.getByRole("button", { name: "Reload the lead" }).click();
  await expect(bob.getByText("Status (contacted)")).toBeVisible();
  await alice.context().close();
  await bob.context().close();
});
