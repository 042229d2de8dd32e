// Business limits on ordering that are not about one order: how many copies of one guide a
// customer session, or one delivery phone number (in any spelling), may order in 24 hours, and
// for orders without a phone one client address. They keep one actor (a bot with many sessions
// but one phone or one address, or one session) from emptying a guide's stock.
// The app configures them (ORDER_DAILY_COPIES_PER_GUIDE) and hands them to each request's
// context; the operation is built from them (order/create-order.ts).
export interface OrderRules {
  dailyCopiesPerGuide: number;
}

export const DEFAULT_ORDER_RULES: OrderRules = { dailyCopiesPerGuide: 10 };
