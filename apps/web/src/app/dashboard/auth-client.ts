"use client";
// better-auth's browser client for staff sign-in and sign-out (same origin, /api/auth).
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient();
