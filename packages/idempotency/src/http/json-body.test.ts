// A REST body as the endpoint reads it: JSON media types only (415), never more than the limit
// whether or not Content-Length tells (413, while reading), and well-formed JSON (400).
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_BODY_BYTES, isJsonMediaType, mediaTypeOf, readBodyLimited, readJsonBody } from "./json-body.ts";

const post = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/api/v1/things", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** A body sent in chunks, without Content-Length, as a chunked upload is. */
function chunked(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ === chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

describe("the media type", () => {
  it("is read without parameters, lower-cased; JSON and +json types pass", () => {
    expect(mediaTypeOf(new Headers({ "content-type": "Application/JSON; charset=utf-8" }))).toBe("application/json");
    expect(mediaTypeOf(new Headers())).toBe("");
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("application/merge-patch+json")).toBe(true);
    expect(isJsonMediaType("text/json")).toBe(false);
    expect(isJsonMediaType("application/x-www-form-urlencoded")).toBe(false);
  });
});

describe("readJsonBody", () => {
  it("parses a JSON body", async () => {
    expect(await readJsonBody(post(JSON.stringify({ item: "guide", quantity: 1 })))).toEqual({ item: "guide", quantity: 1 });
  });

  it("refuses another media type with 415, malformed JSON with 400", async () => {
    await expect(readJsonBody(post("item=guide", { "content-type": "application/x-www-form-urlencoded" }))).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      status: 415,
    });
    // Bytes, so that no Content-Type is made up for them (a string body would be text/plain).
    await expect(readJsonBody(post(new TextEncoder().encode("{}"), {}))).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: expect.stringContaining("no Content-Type") as string,
    });
    await expect(readJsonBody(post("{not json"))).rejects.toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
  });

  it("refuses a body over the limit with 413, by its Content-Length or while reading it", async () => {
    const big = "x".repeat(DEFAULT_MAX_BODY_BYTES + 1);
    await expect(readJsonBody(post(JSON.stringify(big)))).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413 });
    await expect(readBodyLimited(post(chunked(5, 100)), 450)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect((await readBodyLimited(post(chunked(4, 100)), 450)).byteLength).toBe(400);
  });

  it("refuses a declared Content-Length over the limit before reading anything", async () => {
    const request = post(chunked(1, 10), { "content-type": "application/json", "content-length": String(DEFAULT_MAX_BODY_BYTES + 1) });
    await expect(readJsonBody(request)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(request.bodyUsed).toBe(false);
  });
});
