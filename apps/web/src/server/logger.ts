// One structured logger per process. Never log request bodies: they carry personal data.
import "server-only";
import pino from "pino";
import { env } from "~/env";

export const logger = pino({ level: env.LOG_LEVEL ?? "info", base: { service: "web" } });
