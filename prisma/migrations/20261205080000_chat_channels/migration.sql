-- Chat channels (issue 26, item 2): WeCom, DingTalk, Feishu and Slack group bots, one item per
-- lead per channel, and every message posted with its answer (packages/notify/src/chat).

-- CreateEnum
CREATE TYPE "ChatPlatform" AS ENUM ('wecom', 'dingtalk', 'feishu', 'slack');

-- CreateEnum
CREATE TYPE "ChatMessageStatus" AS ENUM ('sending', 'delivered', 'rejected', 'failed', 'unknown');

-- CreateTable
CREATE TABLE "chat_channel" (
    "id" UUID NOT NULL,
    "platform" "ChatPlatform" NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "language" VARCHAR(5) NOT NULL DEFAULT 'zh-CN',
    "url_sealed" TEXT,
    "secret_sealed" TEXT,
    "from_env" BOOLEAN NOT NULL DEFAULT false,
    "hint" VARCHAR(16) NOT NULL,
    "paused_until" TIMESTAMPTZ(3),
    "last_error" VARCHAR(300),
    "lease_holder" VARCHAR(64),
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_channel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_item" (
    "channel_id" UUID NOT NULL,
    "lead_id" UUID NOT NULL,
    "message_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_item_pkey" PRIMARY KEY ("channel_id","lead_id")
);

-- CreateTable
CREATE TABLE "chat_message" (
    "id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,
    "status" "ChatMessageStatus" NOT NULL DEFAULT 'sending',
    "lead_count" INTEGER NOT NULL DEFAULT 0,
    "test" BOOLEAN NOT NULL DEFAULT false,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMPTZ(3),
    "answer" VARCHAR(300),

    CONSTRAINT "chat_message_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_item_channel_id_message_id_idx" ON "chat_item"("channel_id", "message_id");

-- CreateIndex
CREATE INDEX "chat_item_lead_id_idx" ON "chat_item"("lead_id");

-- CreateIndex
CREATE INDEX "chat_item_message_id_idx" ON "chat_item"("message_id");

-- CreateIndex
CREATE INDEX "chat_message_channel_id_started_at_idx" ON "chat_message"("channel_id", "started_at");

-- CreateIndex
CREATE INDEX "chat_message_status_started_at_idx" ON "chat_message"("status", "started_at");

-- AddForeignKey
ALTER TABLE "chat_item" ADD CONSTRAINT "chat_item_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "chat_channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_item" ADD CONSTRAINT "chat_item_lead_id_fkey" FOREIGN KEY ("lead_id") REFERENCES "lead"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_item" ADD CONSTRAINT "chat_item_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "chat_message"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "chat_channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;
