// Issue 26, item 2 (chat channels), the admin's page in both languages on the production build,
// against a local stand-in DingTalk robot (packages/notify/src/testing/chat-receivers.ts) that
// checks the signature as DingTalk does: only admins see the page; a missing name, another
// platform's URL and a missing secret are refused in the page's language and nothing is saved;
// a saved channel shows only the URL's last characters; the test message with a wrong secret
// says the signature was refused, and after the secret is replaced it arrives in the group, in
// the channel's language.
import { expect, test } from "@playwright/test";
import { startChatReceivers, type ChatReceivers } from "@once/notify/testing/chat-receivers";
import { signInAs } from "./dashboard-support";
import { screens } from "./order-support";
import { E2E_STAFF } from "./staff-accounts";
import { flowLocales } from "./matrix";

const [alice, bob] = E2E_STAFF as unknown as [(typeof E2E_STAFF)[number], (typeof E2E_STAFF)[number]];

const TEXT = {
  en: {
    nav: "Chat channels",
    heading: "Chat channels",
    add: "Add a channel",
    platform: "Platform",
    dingtalk: "DingTalk custom robot (钉钉)",
    name: "Name",
    url: "Robot URL",
    secret: "Signing secret",
    language: "Language of its messages",
    submit: "Add the channel",
    needsName: "Not saved: give the channel a name.",
    notDingtalk: "Not saved: this is not a DingTalk custom robot (钉钉) URL; copy it again from the robot's settings.",
    needsSecret: "Not saved: this robot signs its messages: paste its signing secret.",
    added: "Channel added. Send a test message to check it reaches the group.",
    test: "Send a test message",
    signature:
      "Not delivered: the platform refused the signature, so the secret is wrong (or this server's clock is off by an hour). Replace the secret. The platform answered “310000 sign not match”.",
    replace: "Replace URL or secret",
    replaceSubmit: "Save the new URL and secret",
    replaced: "Saved: the channel goes on with the new URL and secret.",
    delivered: (name: string) => `Test message delivered to “${name}”. The platform answered “0 ok”.`,
    inGroup: "Test message: lead notifications reach this group.",
    delete: "Delete",
    deleted: "Channel deleted.",
  },
  "zh-CN": {
    nav: "群聊通知",
    heading: "群聊通知",
    add: "添加渠道",
    platform: "平台",
    dingtalk: "钉钉自定义机器人",
    name: "名称",
    url: "机器人地址（Webhook）",
    secret: "加签密钥",
    language: "消息语言",
    submit: "添加渠道",
    needsName: "未保存：请为渠道命名。",
    notDingtalk: "未保存：这不是钉钉自定义机器人的地址；请从机器人设置中重新复制。",
    needsSecret: "未保存：此机器人需要签名：请粘贴它的加签密钥。",
    added: "渠道已添加。请发送一条测试消息，确认能到达群聊。",
    test: "发送测试消息",
    signature: "未送达：平台拒绝了签名，说明密钥不正确（或本服务器时钟偏差超过一小时）。请更换密钥。平台应答：“310000 sign not match”。",
    replace: "更换地址或密钥",
    replaceSubmit: "保存新的地址和密钥",
    replaced: "已保存：渠道将使用新的地址和密钥继续发送。",
    delivered: (name: string) => `测试消息已送达“${name}”。平台应答：“0 ok”。`,
    inGroup: "测试消息：线索通知已连通。",
    delete: "删除",
    deleted: "渠道已删除。",
  },
} as const;

let receivers: ChatReceivers;
test.beforeAll(async () => {
  receivers = await startChatReceivers();
});
test.afterAll(async () => {
  await receivers.close();
});

for (const locale of flowLocales("en")) {
  const L = TEXT[locale];
  test(`chat channels: refusals, a wrong secret found by the test message, replaced, delivered (${locale})`, async ({ browser }) => {
    test.setTimeout(90_000); // two staff sessions, a channel's whole life, screenshots at two sizes
    const sales = await signInAs(browser, bob, locale);
    await expect(sales.getByRole("link", { name: L.nav, exact: true })).toHaveCount(0);
    expect((await sales.goto("/dashboard/channels"))?.status()).toBe(404);
    await sales.context().close();

    const bot = receivers.bot("dingtalk");
    const admin = await signInAs(browser, alice, locale);
    await admin.getByRole("link", { name: L.nav, exact: true }).click();
    await expect(admin.getByRole("heading", { level: 1, name: L.heading })).toBeVisible();
    const form = admin.getByRole("region", { name: L.add });
    const message = admin.getByTestId("channels-message");
    const channelName = locale === "en" ? `Sales East ${Date.now()}` : `华东销售群 ${Date.now()}`;
    await form.getByLabel(L.platform).selectOption("dingtalk");
    await expect(form.getByLabel(L.platform)).toHaveValue("dingtalk");
    await expect(form.getByLabel(L.platform).locator("option:checked")).toHaveText(L.dingtalk);
    await form.getByRole("button", { name: L.submit }).click();
    await expect(message).toHaveText(L.needsName);
    await form.getByLabel(L.name).fill(channelName);
    await form.getByLabel(L.url).fill(receivers.bot("wecom").url);
    await form.getByLabel(L.secret).fill(bot.secret!);
    await form.getByRole("button", { name: L.submit }).click();
    await expect(message).toHaveText(L.notDingtalk);
    await form.getByLabel(L.url).fill(bot.url);
    await form.getByLabel(L.secret).fill("");
    await form.getByRole("button", { name: L.submit }).click();
    await expect(message).toHaveText(L.needsSecret);
    await expect(admin.getByTestId("chat-channel").filter({ hasText: channelName })).toHaveCount(0);

    // Saved with a secret of DingTalk's form that is not this robot's.
    await form.getByLabel(L.secret).fill(`SEC${"0".repeat(64)}`);
    await form.getByLabel(L.language).selectOption(locale);
    await form.getByRole("button", { name: L.submit }).click();
    await expect(message).toHaveText(L.added);
    const card = admin.getByTestId("chat-channel").filter({ hasText: channelName });
    await expect(card).toContainText(`…${bot.url.slice(-4)}`);
    expect(await admin.content()).not.toContain(bot.url.split("=")[1]!); // the credential is never shown again
    await card.getByRole("button", { name: L.test }).click();
    await expect(message).toHaveText(L.signature);
    expect(bot.received).toHaveLength(0);

    await card.getByRole("button", { name: L.replace }).click();
    await card.getByLabel(L.url).fill(bot.url);
    await card.getByLabel(L.secret).fill(bot.secret!);
    await card.getByRole("button", { name: L.replaceSubmit }).click();
    await expect(message).toHaveText(L.replaced);
    await card.getByRole("button", { name: L.test }).click();
    await expect(message).toHaveText(L.delivered(channelName));
    expect(bot.received.map((m) => m.text)).toEqual([L.inGroup]);
    await screens(admin, `channels-${locale}`);

    await card.getByRole("button", { name: L.delete }).click();
    await expect(message).toHaveText(L.deleted);
    await expect(card).toHaveCount(0);
    await admin.context().close();
  });
}
