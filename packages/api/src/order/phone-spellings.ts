// The spellings of one phone number that the stored orders may hold. The schema stores a phone
// as normalised (lead/lead-schema.ts: no spaces or dashes) but keeps whether a Chinese mobile
// came with +86 or without, so "+8613700000001" and "13700000001" are one customer for the
// daily limit (order/create-order.ts) and are counted together.
const CHINESE_MOBILE = /^(?:\+86)?(1[3-9][0-9]{9})$/;

/** Every stored form of `phone` (already normalised by the schema). */
export function phoneSpellings(phone: string): string[] {
  const mobile = CHINESE_MOBILE.exec(phone)?.[1];
  return mobile ? [mobile, `+86${mobile}`] : [phone];
}
