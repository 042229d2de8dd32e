// The order list (/dashboard/orders). Keys start with "orders.".
export const en = {
  "orders.title": "Sample-guide orders",
  "orders.col.number": "Number",
  "orders.col.received": "Received",
  "orders.col.guide": "Guide",
  "orders.col.quantity": "Copies",
  "orders.col.contact": "Contact",
  "orders.col.status": "Fulfilment",
  "orders.status.received": "received",
  "orders.status.shipped": "shipped",
  "orders.status.delivered": "delivered",
  "orders.status.cancelled": "cancelled",
  "orders.empty": "No orders yet.",
} as const satisfies Record<`orders.${string}`, string>;

export const zhCN: Record<keyof typeof en, string> = {
  "orders.title": "样册订单",
  "orders.col.number": "编号",
  "orders.col.received": "收到时间",
  "orders.col.guide": "资料",
  "orders.col.quantity": "份数",
  "orders.col.contact": "联系人",
  "orders.col.status": "履约状态",
  "orders.status.received": "已接收",
  "orders.status.shipped": "已发货",
  "orders.status.delivered": "已送达",
  "orders.status.cancelled": "已取消",
  "orders.empty": "还没有订单。",
};
