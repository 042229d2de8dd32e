-- CreateEnum
CREATE TYPE "OperationOutcome" AS ENUM ('in_progress', 'completed', 'rejected', 'expired');

-- CreateEnum
CREATE TYPE "OrderStatus" AS ENUM ('received', 'shipped', 'delivered', 'cancelled');

-- CreateEnum
CREATE TYPE "LeadStatus" AS ENUM ('new', 'contacted', 'qualified', 'won', 'lost');

-- CreateTable
CREATE TABLE "guide" (
    "id" UUID NOT NULL,
    "slug" VARCHAR(80) NOT NULL,
    "title_zh" VARCHAR(200) NOT NULL,
    "title_en" VARCHAR(200) NOT NULL,
    "summary_zh" VARCHAR(1000) NOT NULL,
    "summary_en" VARCHAR(1000) NOT NULL,
    "stock" INTEGER NOT NULL,
    "max_per_order" INTEGER NOT NULL DEFAULT 5,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "guide_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_record" (
    "id" BIGSERIAL NOT NULL,
    "principal" VARCHAR(120) NOT NULL,
    "operation" VARCHAR(40) NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "fingerprint" VARCHAR(80) NOT NULL,
    "outcome" "OperationOutcome" NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "result_id" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sample_order" (
    "id" UUID NOT NULL,
    "number" SERIAL NOT NULL,
    "customer_id" VARCHAR(64) NOT NULL,
    "operation_key" VARCHAR(255) NOT NULL,
    "guide_id" UUID NOT NULL,
    "quantity" INTEGER NOT NULL,
    "contact_name" VARCHAR(50),
    "contact_phone" VARCHAR(20),
    "address" VARCHAR(300),
    "status" "OrderStatus" NOT NULL DEFAULT 'received',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sample_order_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead" (
    "id" UUID NOT NULL,
    "number" SERIAL NOT NULL,
    "customer_id" VARCHAR(64) NOT NULL,
    "operation_key" VARCHAR(255) NOT NULL,
    "name" VARCHAR(50) NOT NULL,
    "phone" VARCHAR(20) NOT NULL,
    "content" VARCHAR(1000) NOT NULL,
    "email" VARCHAR(254),
    "company" VARCHAR(100),
    "possible_duplicate" BOOLEAN NOT NULL DEFAULT false,
    "duplicate_of_id" UUID,
    "status" "LeadStatus" NOT NULL DEFAULT 'new',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_secret" (
    "name" VARCHAR(60) NOT NULL,
    "value" VARCHAR(200) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_secret_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "guide_slug_key" ON "guide"("slug");

-- CreateIndex
CREATE INDEX "idempotency_record_expires_at_idx" ON "idempotency_record"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_record_principal_operation_key_key" ON "idempotency_record"("principal", "operation", "key");

-- CreateIndex
CREATE UNIQUE INDEX "sample_order_number_key" ON "sample_order"("number");

-- CreateIndex
CREATE INDEX "sample_order_customer_id_created_at_idx" ON "sample_order"("customer_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "sample_order_customer_id_operation_key_key" ON "sample_order"("customer_id", "operation_key");

-- CreateIndex
CREATE UNIQUE INDEX "lead_number_key" ON "lead"("number");

-- CreateIndex
CREATE INDEX "lead_phone_created_at_idx" ON "lead"("phone", "created_at");

-- CreateIndex
CREATE INDEX "lead_customer_id_created_at_idx" ON "lead"("customer_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "lead_customer_id_operation_key_key" ON "lead"("customer_id", "operation_key");

-- AddForeignKey
ALTER TABLE "sample_order" ADD CONSTRAINT "sample_order_guide_id_fkey" FOREIGN KEY ("guide_id") REFERENCES "guide"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
