import "server-only";
import { getPrisma } from "@once/db";

export const prisma = () => getPrisma();
