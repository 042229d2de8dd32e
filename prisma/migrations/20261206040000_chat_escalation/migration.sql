-- A chat channel hears of a lead twice at most: when it arrives, and when it has waited twice the
-- team's first-response target (the escalation). Each is its own item, written once.
CREATE TYPE "ChatItemKind" AS ENUM ('arrival', 'escalation');

ALTER TABLE "chat_item" ADD COLUMN "kind" "ChatItemKind" NOT NULL DEFAULT 'arrival';

ALTER TABLE "chat_item" DROP CONSTRAINT "chat_item_pkey";
ALTER TABLE "chat_item" ADD CONSTRAINT "chat_item_pkey" PRIMARY KEY ("channel_id", "lead_id", "kind");
