// Whether a staff session still stands, by its id: not signed out (the row is gone), not expired,
// its account not disabled. One indexed read, for what must check a session again long after
// the request that proved it (a live stream). Throws when the database cannot answer: the
// caller decides what an outage means (it is not a sign-out).
import type { PrismaClient } from "@once/db";

export async function staffSessionStands(prisma: PrismaClient, sessionId: string): Promise<boolean> {
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { expiresAt: true, user: { select: { disabledAt: true } } } });
  return session !== null && session.expiresAt.getTime() > Date.now() && session.user.disabledAt === null;
}
