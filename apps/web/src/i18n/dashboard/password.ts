// The password page (/dashboard/password): a member signed in with a temporary password an admin
// handed over chooses their own. Keys start with "password.". The server's refusals (wrong
// current password, the policy's rules) are worded by the staff page's table (./staff.ts).
export const en = {
  "password.title": "Choose Your Password",
  "password.lead": "You signed in with a temporary password. Choose one only you know before you use the dashboard.",
  "password.current": "Temporary password",
  "password.new": "New password",
  "password.newHint": "At least 12 characters, not built on a common word, and not the temporary one.",
  "password.confirm": "New password again",
  "password.mismatch": "Refused: the two new passwords differ.",
  "password.submit": "Save My Password",
  "password.busy": "Saving…",
  "password.otherSessions": "Your other sessions end when you save it.",
} as const satisfies Record<`password.${string}`, string>;

export const zhCN: Record<keyof typeof en, string> = {
  "password.title": "设置您的密码",
  "password.lead": "您使用临时密码登录。请先设置一个只有您知道的密码，然后再使用工作台。",
  "password.current": "临时密码",
  "password.new": "新密码",
  "password.newHint": "至少 12 个字符，不要基于常见单词，也不能与临时密码相同。",
  "password.confirm": "再次输入新密码",
  "password.mismatch": "未执行：两次输入的新密码不一致。",
  "password.submit": "保存我的密码",
  "password.busy": "正在保存…",
  "password.otherSessions": "保存后，您在其他设备上的登录会话将结束。",
};
