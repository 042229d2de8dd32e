// The staff page's refusals in both languages: every reason and password rule has its sentence
// with the parameters filled in, a schema error names its fields, anything else is worded as on
// every dashboard page (../error-text.ts), never in the server's English.
import { describe, expect, it } from "vitest";
import { PASSWORD_RULES, STAFF_REFUSAL_REASONS } from "@once/auth/refusals";
import { dashboardTranslator } from "../../../i18n/dashboard";
import { refusalText } from "./refusal-text";

const en = dashboardTranslator("en");
const zh = dashboardTranslator("zh-CN");
/** A tRPC error as the browser receives it: the formatter's protocol data under `data`. */
const refused = (code: string, details: object = {}, message = "the server's English sentence") => ({ message, data: { protocol: { code, ...details } } });
const PARAMS = { email: "lin@shop.test", role: "owner", min: 12, max: 128, word: "qwerty" };

describe("staff page refusals", () => {
  it("words a weak password by its rule and values, in English and Chinese", () => {
    const error = refused("WEAK_PASSWORD", { params: { rule: "TOO_SHORT", min: 12 } });
    expect(refusalText(error, en)).toBe("Refused: the password is too short: at least 12 characters.");
    expect(refusalText(error, zh)).toBe("未执行：密码太短：至少需要 12 个字符。");
    expect(refusalText(refused("WEAK_PASSWORD", { params: { rule: "COMMON_WORD", word: "qwerty" } }), zh)).toBe(
      "未执行：密码基于一个常被猜到的词（“qwerty”）。",
    );
  });

  it.each(STAFF_REFUSAL_REASONS)("has a sentence for %s in both languages", (reason) => {
    for (const t of [en, zh]) {
      const text = refusalText(refused(reason, { params: PARAMS }), t);
      expect(text).not.toMatch(/[{}]|English sentence/);
    }
    // Worded in Chinese (the e-mail address or role inside stays as typed).
    expect(refusalText(refused(reason, { params: PARAMS }), zh).replace(/lin@shop\.test|owner/g, "")).not.toMatch(/[a-z]/i);
  });

  it.each(PASSWORD_RULES)("has a sentence for the password rule %s in both languages", (rule) => {
    for (const t of [en, zh]) expect(refusalText(refused("WEAK_PASSWORD", { params: { ...PARAMS, rule } }), t)).not.toMatch(/[{}]|English sentence/);
  });

  it("names the fields of a schema error, and words anything else in the reader's language", () => {
    const invalid = refused("VALIDATION_FAILED", { fields: { name: ["name contains a control character"], email: ["too long"] } });
    expect(refusalText(invalid, en)).toBe("Refused: check the name, the e-mail.");
    expect(refusalText(invalid, zh)).toBe("未执行：请检查姓名、邮箱。");
    expect(refusalText(refused("DATABASE_UNAVAILABLE", {}, "the database is unavailable"), zh)).toBe(
      "未执行：数据库暂时不可用（例如正在切换服务器）。数据没有丢失，请几秒后重试。",
    );
    expect(refusalText(new Error("Failed to fetch"), en)).toBe(
      "Refused: the server did not answer (offline, or the server is restarting). Check the connection and try again.",
    );
  });
});
