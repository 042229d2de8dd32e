// The password policy's refusals, one sentence each (`pnpm staff` prints them as they are).
import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy.ts";

const account = { email: "lin.wei@shop.test", name: "Lin Wei" };

describe("staff password policy", () => {
  it.each([
    ["short-pass1", "the password is too short: at least 12 characters"],
    ["x".repeat(129), "the password is too long: at most 128 characters"],
    [" leading-space-pass", "the password starts or ends with a space"],
    ["aaaaaaaaaaaaaaaa", "the password repeats too few characters: use at least 6 different ones"],
    ["change-me-now", "the password is the development account's published one"],
    ["LIN.WEI-2026-secret", "the password contains the e-mail address"],
    ["xx-lin wei-2026!", "the password contains the account's name"],
    ["Password2026!", 'the password is built on a commonly guessed word ("password")'],
    ["123456789012345", "the password is a run of keys (like 1234… or abcd…)"],
    ["abcdefghijklmnop", "the password is a run of keys (like 1234… or abcd…)"],
  ])("refuses %j", (password, problem) => {
    expect(passwordProblem(password, account)).toBe(problem);
  });

  it.each(["harbour-lantern-47", "correct horse battery staple", "密码很长而且不容易猜到的句子", "Tr0ub4dor&3-extended"])("accepts %j", (password) => {
    expect(passwordProblem(password, account)).toBeNull();
  });
});
