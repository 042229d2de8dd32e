-- A customer's own cancellation (POST /api/v1/orders/{number}/cancellation) has no staff actor.
-- AlterTable
ALTER TABLE "order_event" ALTER COLUMN "actor_id" DROP NOT NULL;
