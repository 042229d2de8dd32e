"use server";
// The look-up form's server function: the order or inquiry with this number and phone
// (@once/api's lookUpByPhone: the same answer for no such number and another phone, limited per
// client address and per number). A server function, not a query: the phone travels in a POST
// body, never in an address that ends up in logs or the browser's history.
import { headers } from "next/headers";
import { lookUpByPhone, type TrackAnswer } from "@once/api";
import { clientAddressOf } from "@once/api/limits";
import { FIELD_LIMITS } from "@once/api/field-limits";
import { prisma } from "~/server/prisma";
import { getRateLimits } from "~/server/rate-limits";

/** What the form shows after a look-up: the answer, and the number it was for (never the phone). */
export interface LookUpState {
  number: string;
  answer: TrackAnswer;
}

const field = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max + 1) : "";
};

export async function lookUp(_previous: LookUpState | null, form: FormData): Promise<LookUpState> {
  const number = field(form, "number", 40);
  // One character past the longest phone: long enough to be refused as too long, never more.
  const phone = field(form, "phone", FIELD_LIMITS.phone);
  const answer = await lookUpByPhone(prisma(), getRateLimits(), clientAddressOf(await headers()), { number, phone });
  return { number: number.trim(), answer };
}
