// order.create, POST /api/v1/orders: the server half of the order's definition.
import { ORDER_QUANTITY_LIMIT } from "../order/order-schema.ts";
import { orderOperation } from "../order/create-order.ts";
import { inputs, schemas } from "../rest/openapi/components.ts";
import { orderCases } from "../rest/openapi/create-examples.ts";
import type { ServerOperation } from "./define.ts";

export const orderDefinition = {
  type: "order",
  settings: "order",
  build: (rules, call) => orderOperation(rules, { limits: call.limits, clientAddress: call.clientAddress }),
  rest: { method: "POST", path: "/orders" },
  openapi: {
    operationId: "createOrder",
    tag: "Orders",
    summary: "Order copies of a sample guide",
    description: `Quantity 1-${ORDER_QUANTITY_LIMIT}; a guide may allow fewer per order. Business rejections (unknown guide, out of stock, limits) are final outcomes, stored under the key and replayed.`,
    cases: orderCases,
    input: inputs.order,
    output: schemas.Order,
  },
  rejections: ["GUIDE_NOT_FOUND", "LIMIT_REACHED", "DAILY_LIMIT_REACHED", "OUT_OF_STOCK"],
} satisfies ServerOperation<"order", "order">;
