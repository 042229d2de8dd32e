// What the shop tells customers about each guide beyond its title and summary (which live in
// the database with the stock): what is inside, its format, its cover. Keyed by slug; a guide
// the shop adds later without an entry here shows the default cover and no contents list.
import type { Locale } from "~/i18n/messages";

type Localized<T> = Record<Locale, T>;

export interface GuideDetails {
  cover: string;
  pages: number;
  contents: Localized<string[]>;
}

const details: Record<string, GuideDetails> = {
  "sample-guide": {
    cover: "/covers/sample-guide.webp",
    pages: 48,
    contents: {
      en: [
        "A walk through a real order, from the click to the parcel",
        "What your order number means and where to find it",
        "What to do when the page does not answer",
        "A one-page checklist for your own shop",
      ],
      "zh-CN": ["一份真实订单的全过程：从点击到收货", "订单编号的含义，以及在哪里查看", "页面没有响应时该怎么办", "适用于您自己网店的一页检查清单"],
    },
  },
  "lead-form-handbook": {
    cover: "/covers/lead-form-handbook.webp",
    pages: 36,
    contents: {
      en: [
        "Why inquiries go missing, and why some arrive twice",
        "Designing a contact form customers trust",
        "Getting every inquiry to the right sales person",
        "Twelve questions to ask your website team",
      ],
      "zh-CN": ["询盘为什么会丢失，又为什么会重复", "设计让客户放心的联系表单", "让每条询盘及时送到对应的销售", "可以向网站团队提出的十二个问题"],
    },
  },
  "retry-patterns": {
    cover: "/covers/retry-patterns.webp",
    pages: 64,
    contents: {
      en: [
        "Timeouts, lost answers and double clicks, explained with diagrams",
        "When trying again is safe, and when it is not",
        "How much to wait between attempts",
        "A fold-out poster of every failure and its remedy",
      ],
      "zh-CN": [
        "用图解说明超时、丢失的回复和重复点击",
        "什么时候可以放心重试，什么时候不可以",
        "两次尝试之间应该等待多久",
        "一张折页海报：每种故障及其应对方法",
      ],
    },
  },
  "outbox-field-notes": {
    cover: "/covers/outbox-field-notes.webp",
    pages: 52,
    contents: {
      en: [
        "Sending notifications that are never lost",
        "Recognising and ignoring duplicates",
        "Keeping an eye on messages that could not be delivered",
        "Notes from teams that run this every day",
      ],
      "zh-CN": ["发送绝不丢失的通知", "识别并忽略重复的消息", "关注未能送达的消息", "来自日常运维团队的实战笔记"],
    },
  },
};

const fallback: GuideDetails = { cover: "/covers/default.webp", pages: 0, contents: { en: [], "zh-CN": [] } };

export function guideDetails(slug: string): GuideDetails {
  return details[slug] ?? fallback;
}
