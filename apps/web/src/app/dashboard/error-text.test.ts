// Every failed dashboard request is worded in the reader's language from its code, never with
// the server's English message: each code the API answers with has a sentence in both languages,
// a request without an answer says so, an unknown code says "unexpected".
import { describe, expect, it } from "vitest";
import { dashboardTranslator } from "../../i18n/dashboard";
import { errorText } from "./error-text";

const en = dashboardTranslator("en");
const zh = dashboardTranslator("zh-CN");
const failed = (code: string) => ({ message: "the server's English sentence", data: { protocol: { code } } });
const CODES = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "STALE_VERSION",
  "RATE_LIMITED",
  "VALIDATION_FAILED",
  "DATABASE_UNAVAILABLE",
  "DATABASE_READ_ONLY",
  "INTERNAL",
];

describe("dashboard error text", () => {
  it.each(CODES)("words %s in both languages without the server's message", (code) => {
    for (const t of [en, zh]) expect(errorText(failed(code), t)).not.toMatch(/English sentence|[{}]|common\./);
    expect(errorText(failed(code), zh)).not.toMatch(/[a-z]{3,}/i);
  });

  it("tells a conflict in its own sentence, not as something that went wrong, in both languages", () => {
    expect(errorText(failed("STALE_VERSION"), en)).toBe(
      "This was changed by someone else since you opened it; nothing was overwritten. Reload to see the change.",
    );
    expect(errorText(failed("STALE_VERSION"), zh)).toBe("自您打开以来，已有其他人修改了这条记录；您的修改没有覆盖对方。请重新加载查看最新内容。");
  });

  it("tells an outage apart from a lost session and from no answer at all", () => {
    expect(errorText(failed("DATABASE_UNAVAILABLE"), en)).toBe(
      "Something went wrong: the database is briefly unavailable (for example while it switches servers). Nothing was lost; try again in a few seconds.",
    );
    expect(errorText(failed("UNAUTHENTICATED"), zh)).toBe("出错了：登录已失效，请重新登录。");
    expect(errorText(new TypeError("Failed to fetch"), zh)).toBe("出错了：服务器没有响应（网络已断开，或服务器正在重启）。请检查网络后重试。");
    expect(errorText(failed("SOMETHING_NEW"), en)).toBe(
      "Something went wrong: the server refused this for a reason this page does not know. Reload and try again.",
    );
  });
});
