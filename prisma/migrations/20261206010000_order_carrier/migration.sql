-- The shipment's carrier (issue 26, item 7): a code of packages/api/src/order/carriers.ts, set with the tracking number when an order ships. Orders shipped before have none.

-- AlterTable
ALTER TABLE "sample_order" ADD COLUMN     "carrier" VARCHAR(20);

-- AlterTable
ALTER TABLE "order_event" ADD COLUMN     "carrier" VARCHAR(20);
