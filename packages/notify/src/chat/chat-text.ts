// The text a group chat reads, in the channel's language: one lead, or a digest of several when
// the platform's limit would otherwise be passed; new leads, or (headed "escalation") leads that
// have waited twice the team's first-response target. Every message names each lead's number, so a
// repeat (after an unanswered message was resent by hand) is recognisable at a glance. Plain
// text only: a customer's name or message can carry no link, mention (Feishu's <at>) or
// formatting into the group. Each message fits the platform's size (`maxBytes`); a digest says
// how many leads it carries and takes as many as fit.
import { singleLine } from "../channels/plain-text.ts";

export interface ChatLead {
  number: string;
  /** Whole minutes since the lead arrived (an escalation says how long it has waited). */
  waitedMinutes: number;
  name: string;
  phone: string;
  company: string | null;
  content: string;
  owner: string | null;
  possibleDuplicate: boolean;
}

export type ChatLanguage = "zh-CN" | "en";
/** What a message tells: new leads, or leads unanswered at twice the team's first-response target. */
export type ChatNews = "arrival" | "escalation";

const WORDS = {
  "zh-CN": {
    one: (n: string) => `新线索 ${n}`,
    digest: (count: number, first: string, last: string) => `新线索 ${count} 条（${first} – ${last}），发送频率已接近上限，合并为一条：`,
    escalation: (n: string, minutes: number) => `【升级】线索 ${n} 已等待 ${minutes} 分钟，仍无首次响应`,
    escalationDigest: (count: number, first: string, last: string) => `【升级】${count} 条线索（${first} – ${last}）已等待两倍响应时限，仍无首次响应：`,
    company: "公司",
    message: "留言",
    owner: "负责人",
    nobody: "未分配",
    duplicate: "（可能重复）",
    open: "打开并跟进",
    test: "测试消息：线索通知已连通。",
  },
  en: {
    one: (n: string) => `New lead ${n}`,
    digest: (count: number, first: string, last: string) => `${count} new leads (${first} – ${last}), sent together near the platform's limit:`,
    escalation: (n: string, minutes: number) => `[Escalation] Lead ${n} has waited ${minutes} min without a first response`,
    escalationDigest: (count: number, first: string, last: string) =>
      `[Escalation] ${count} leads (${first} – ${last}) have waited twice the response target without a first response:`,
    company: "Company",
    message: "Message",
    owner: "Owner",
    nobody: "unassigned",
    duplicate: " (possible duplicate)",
    open: "Open and take it",
    test: "Test message: lead notifications reach this group.",
  },
} as const;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");
/** Cut to at most `max` characters, on a character boundary, with an ellipsis when cut. */
const clip = (text: string, max: number) =>
  Array.from(text).length <= max
    ? text
    : `${Array.from(text)
        .slice(0, max - 1)
        .join("")}…`;

/**
 * One lead: the news (new, or escalated), its fields, the first lines of its message, and its
 * take link when the dashboard's address is known.
 */
export function leadText(lead: ChatLead, language: ChatLanguage, maxBytes: number, link: string | null, news: ChatNews = "arrival"): string {
  const w = WORDS[language];
  const headline = news === "escalation" ? w.escalation(lead.number, lead.waitedMinutes) : w.one(lead.number);
  const before = [`${headline}${lead.possibleDuplicate ? w.duplicate : ""}`, `${singleLine(lead.name)} · ${singleLine(lead.phone)}`];
  const after = [
    ...(lead.company ? [`${w.company}: ${singleLine(lead.company)}`] : []),
    `${w.owner}: ${lead.owner ? singleLine(lead.owner) : w.nobody}`,
    ...(link ? [`${w.open}: ${link}`] : []),
  ];
  const label = `${w.message}: `;
  const room = maxBytes - bytes([...before, label, ...after].join("\n"));
  let message = clip(lead.content.trim(), 500);
  while (bytes(message) > room && message.length > 1) message = clip(message, Math.floor(Array.from(message).length * 0.8));
  return [...before, `${label}${message}`, ...after].join("\n");
}

/**
 * A digest of as many of `leads` (oldest first) as fit in `maxBytes`, one line each; answers
 * the text and how many leads it carries (at least one).
 */
export function digestText(leads: readonly ChatLead[], language: ChatLanguage, maxBytes: number, news: ChatNews = "arrival"): { text: string; count: number } {
  const w = WORDS[language];
  const heading = news === "escalation" ? w.escalationDigest : w.digest;
  const line = (lead: ChatLead) =>
    `• ${lead.number} ${clip(singleLine(lead.name), 20)} · ${singleLine(lead.phone)} · ${clip(singleLine(lead.content), 40)}` +
    ` · ${w.owner}: ${lead.owner ? clip(singleLine(lead.owner), 20) : w.nobody}`;
  const lines: string[] = [];
  let used = bytes(heading(999, "LD-000000000", "LD-000000000")) + 1;
  for (const lead of leads) {
    const next = line(lead);
    if (lines.length > 0 && used + bytes(next) + 1 > maxBytes) break;
    lines.push(next);
    used += bytes(next) + 1;
  }
  const carried = leads.slice(0, lines.length);
  const text = `${heading(carried.length, carried[0]!.number, carried.at(-1)!.number)}\n${lines.join("\n")}`;
  return { text, count: carried.length };
}

export const testText = (language: ChatLanguage): string => WORDS[language].test;
