// Once an order or inquiry is confirmed, the browser keeps its reference and number (the
// confirmation survives a reload) but none of the personal details typed into the form.
import { expect, test, type Page } from "@playwright/test";
import { confirmedNumber, openOrderForm } from "./support";

/** Everything this origin keeps in Web Storage, as text. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join("\n");
    return `${dump(localStorage)}\n${dump(sessionStorage)}`;
  });
}

/** The typed strings found in storage (each as typed, and a phone also as bare digits). */
async function leaked(page: Page, typed: string[]): Promise<string[]> {
  const text = await storedText(page);
  const forms = typed.flatMap((s) => (/^[\d +]+$/.test(s) ? [s, s.replace(/\D/g, "")] : [s]));
  return forms.filter((s) => text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)));
}

test("a confirmed order keeps its number over a reload but not the name, phone or address", async ({ page }) => {
  const typed = ["Zhao Cunchu", "137 0013 7101", "88 Storage Road, Hangzhou"];
  await openOrderForm(page);
  await page.getByLabel("Quantity").selectOption("2");
  await page.getByLabel(/^Name/).fill(typed[0]!);
  await page.getByLabel(/^Phone/).fill(typed[1]!);
  await page.getByLabel(/Delivery address/).fill(typed[2]!);
  const key = (await page.locator("form[data-operation-key]").getAttribute("data-operation-key"))!;
  await page.getByRole("button", { name: "Place order" }).click();
  const number = await confirmedNumber(page);
  await expect.poll(() => leaked(page, typed)).toEqual([]);
  const stored = await storedText(page);
  expect(stored).toContain(key);
  expect(stored).toContain(number);

  // Back on the page: the last order as a one-line receipt (number, guide, copies: nothing
  // personal), above a fresh form.
  await page.reload();
  expect(await confirmedNumber(page)).toBe(number);
  await expect(page.getByTestId("last-receipt")).toContainText("Sample Ordering Guide × 2");
  await expect(page.getByLabel("Quantity")).toHaveValue("1");
  await expect(page.getByLabel(/^Name/)).toHaveValue("");
  expect(await leaked(page, typed)).toEqual([]);

  await page.goto("/me");
  await expect(page.getByTestId("my-order").filter({ hasText: number })).toBeVisible();
  expect(await leaked(page, typed)).toEqual([]);
});

test("a confirmed inquiry keeps its number over a reload but none of the details typed", async ({ page }) => {
  const typed = ["Qian Yinsi", "139 0013 9201", "Quote for 300 copies to the Suzhou office, please.", "qian.yinsi@example.com", "Yinsi Trading Co."];
  await page.goto("/contact");
  await page.getByLabel(/^Name/).fill(typed[0]!);
  await page.getByLabel(/^Phone/).fill(typed[1]!);
  await page.getByLabel(/Your message/).fill(typed[2]!);
  await page.getByLabel(/^E-mail/).fill(typed[3]!);
  await page.getByLabel(/^Company/).fill(typed[4]!);
  await page.getByRole("button", { name: "Send inquiry" }).click();
  const number = await confirmedNumber(page);
  await expect.poll(() => leaked(page, typed)).toEqual([]);

  await page.reload();
  expect(await confirmedNumber(page)).toBe(number);
  await expect(page.getByTestId("last-receipt")).toBeVisible();
  await expect(page.getByTestId("last-receipt")).not.toContainText("Suzhou");
  await expect(page.getByLabel(/Your message/)).toHaveValue("");
  expect(await leaked(page, typed)).toEqual([]);
  // A new inquiry starts from an empty, usable form.
  await expect(page.getByLabel(/^Name/)).toBeEnabled();
});
