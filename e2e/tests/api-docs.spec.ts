// The REST API reference (/docs/api) as an outside developer reads it, in both languages: the
// OpenAPI texts' Markdown rendered (inline code as <code>, never literal backticks), the page's
// own words in the reader's language, every contents link reaching its section, the copy
// buttons copying their code and saying so, only links that work outside this repository, and
// a 390 px phone never scrolled sideways (tables and code scroll inside their own boxes).
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";

const SCREENS = join(import.meta.dirname, "../artifacts/screens");

/** The first screen and the customer's cancellation (the newest operation), as a reader sees them: e2e/artifacts/screens. */
async function screens(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENS, `${name}.png`) });
  await page.locator("#cancelOrder").scrollIntoViewIfNeeded();
  await expect(page.locator("#cancelOrder")).toBeInViewport();
  await page.screenshot({ path: join(SCREENS, `${name}-cancel-order.png`) });
}

const WORDS = {
  en: {
    title: "Sample guides and inquiries API",
    toc: "On this page",
    headings: ["Quick start", "Overview", "Errors"],
    labels: ["Parameters", "Responses", "Examples"],
    copy: "Copy",
    copied: "Copied",
  },
  "zh-CN": {
    title: "资料样册与咨询 API",
    toc: "本页目录",
    headings: ["快速开始", "概述", "错误"],
    labels: ["参数", "响应", "示例"],
    copy: "复制",
    copied: "已复制",
  },
} as const;

async function open(browser: Browser, baseURL: string, locale: keyof typeof WORDS, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ locale, viewport });
  await context.addCookies([{ name: "lang", value: locale, url: baseURL }]);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const page = await context.newPage();
  await page.goto("/docs/api");
  return page;
}

for (const locale of ["en", "zh-CN"] as const) {
  const words = WORDS[locale];

  test(`${locale}: the OpenAPI Markdown is rendered and the page's own words are in the reader's language`, async ({ browser, baseURL }) => {
    const page = await open(browser, baseURL!, locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.title);
    for (const name of words.headings) await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    const createOrder = page.locator('section[aria-labelledby="createOrder"]');
    for (const name of words.labels) await expect(createOrder.getByRole("heading", { level: 4, name, exact: true })).toBeVisible();
    // The description's `Idempotency-Key` and the status line's `Idempotent-Replayed: true` as code.
    await expect(page.locator('section[aria-labelledby="overview"] code', { hasText: "Idempotency-Key" }).first()).toBeVisible();
    await expect(createOrder.getByRole("cell").locator("code", { hasText: "Idempotent-Replayed: true" })).toBeVisible();
    // Every text outside the code blocks, folded examples included: no Markdown left unrendered.
    const prose = await page.locator("main").evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("pre").forEach((pre) => pre.remove());
      return copy.textContent ?? "";
    });
    expect(prose).not.toContain("`");
    expect(prose).not.toContain("**");
    if (locale === "zh-CN") await expect(page.getByText("保留英文原文")).toBeVisible();
    await screens(page, `${locale}-desktop-api-docs`);
    await page.context().close();
  });

  test(`${locale}: the contents reach their sections and every link works outside this repository`, async ({ browser, baseURL, request }) => {
    const page = await open(browser, baseURL!, locale);
    const toc = page.getByRole("navigation", { name: words.toc });
    const links = await toc.getByRole("link").all();
    expect(links.length).toBeGreaterThanOrEqual(3 + 4 + 4); // own sections, tags, operations
    for (const link of links) {
      const target = (await link.getAttribute("href"))!;
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target)).toBeInViewport();
    }
    // Only in-page anchors, the served descriptions and mail: nothing that names a repository file or a workspace package.
    const hrefs = await page.locator("main a[href]").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!));
    for (const href of hrefs) expect(href).toMatch(/^(#[\w-]+|\/api\/v1\/openapi(-3\.0)?\.json|mailto:.+)$/);
    expect(hrefs).toEqual(expect.arrayContaining(["/api/v1/openapi.json", "/api/v1/openapi-3.0.json"]));
    for (const path of ["/api/v1/openapi.json", "/api/v1/openapi-3.0.json"]) expect((await request.get(path)).ok()).toBe(true);
    const text = await page.locator("main").textContent();
    expect(text).not.toMatch(/docs\/API\.md|@once\//);
    await page.context().close();
  });

  test(`${locale}: a copy button copies its code and says so`, async ({ browser, baseURL }) => {
    const page = await open(browser, baseURL!, locale);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" }); // the buttons work once React has hydrated them
    const block = page.locator("figure").filter({ has: page.locator("pre", { hasText: "TOKEN=$(curl" }) });
    const button = block.getByRole("button"); // by place, not by name: the name changes to say it copied
    await expect(button).toHaveAccessibleName(words.copy);
    await button.click();
    await expect(button).toHaveAccessibleName(words.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator("pre").textContent());
    // An example's answer, inside its folded case: valid JSON once copied.
    const example = page.locator('section[aria-labelledby="createOrder"] details').first();
    await example.locator("summary").click();
    const answer = example.locator("figure").nth(1);
    await answer.getByRole("button", { name: words.copy, exact: true }).click();
    await expect(answer.getByRole("button")).toHaveAccessibleName(words.copied);
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({ number: expect.any(String) });
    await page.context().close();
  });

  test(`${locale}: a 390 px phone never scrolls sideways, every example open`, async ({ browser, baseURL }) => {
    const page = await open(browser, baseURL!, locale, { width: 390, height: 844 });
    await page.locator("details").evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The tables' and code's own boxes stay inside the screen.
    const widest = await page
      .locator("main [role=region], main figure")
      .evaluateAll((boxes) => Math.max(...boxes.map((box) => box.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(390);
    await screens(page, `${locale}-phone-api-docs`);
    await page.context().close();
  });
}
