import { getOnly, getOperationHandler } from "@once/api/rest";
import { restDeps } from "~/server/rest-deps";

export const dynamic = "force-dynamic";
// The key is read from the path here, not from Next's decoded params: a malformed escape (an
// encoded lone surrogate, %ED%A0%80) made decoding throw, a 500. Undecodable, it is no key: the
// handler answers that with its 400.
export function GET(request: Request) {
  const raw = new URL(request.url).pathname.split("/").pop() ?? "";
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    key = "";
  }
  return getOperationHandler(request, key, restDeps());
}
export const { POST, PUT, PATCH, DELETE, OPTIONS } = getOnly();
