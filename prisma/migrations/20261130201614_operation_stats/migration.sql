-- CreateTable
CREATE TABLE "operation_stat" (
    "hour" TIMESTAMPTZ(0) NOT NULL,
    "operation" VARCHAR(40) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "operation_stat_pkey" PRIMARY KEY ("hour","operation","kind")
);
