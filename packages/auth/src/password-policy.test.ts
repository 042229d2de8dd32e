// The password policy's refusals, one sentence each (`pnpm staff` prints them as they are), and
// the rule with its values that the admin page words in the reader's language.
import { describe, expect, it } from "vitest";
import { passwordProblem, passwordViolation } from "./password-policy.ts";

const account = { email: "lin.wei@shop.test", name: "Lin Wei" };

describe("staff password policy", () => {
  it.each([
    ["short-pass1", "the password is too short: at least 12 characters", "TOO_SHORT", { min: 12 }],
    ["x".repeat(129), "the password is too long: at most 128 characters", "TOO_LONG", { max: 128 }],
    [" leading-space-pass", "the password starts or ends with a space", "EDGE_SPACE", {}],
    ["aaaaaaaaaaaaaaaa", "the password repeats too few characters: use at least 6 different ones", "FEW_DISTINCT", { min: 6 }],
    ["change-me-now", "the password is the development account's published one", "DEV_PASSWORD", {}],
    ["LIN.WEI-2026-secret", "the password contains the e-mail address", "CONTAINS_EMAIL", {}],
    ["xx-lin wei-2026!", "the password contains the account's name", "CONTAINS_NAME", {}],
    ["Password2026!", 'the password is built on a commonly guessed word ("password")', "COMMON_WORD", { word: "password" }],
    ["123456789012345", "the password is a run of keys (like 1234… or abcd…)", "KEY_RUN", {}],
    ["abcdefghijklmnop", "the password is a run of keys (like 1234… or abcd…)", "KEY_RUN", {}],
  ])("refuses %j", (password, problem, rule, params) => {
    expect(passwordProblem(password, account)).toBe(problem);
    expect(passwordViolation(password, account)).toEqual({ rule, params, message: problem });
  });

  it.each(["harbour-lantern-47", "correct horse battery staple", "密码很长而且不容易猜到的句子", "Tr0ub4dor&3-extended"])("accepts %j", (password) => {
    expect(passwordProblem(password, account)).toBeNull();
    expect(passwordViolation(password, account)).toBeNull();
  });
});
