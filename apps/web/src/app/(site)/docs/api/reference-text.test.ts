// The two translations of the OpenAPI document this page makes on its own: a documented request
// into a curl command, a body's JSON Schema into table rows.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@once/api/rest";
import { curlCommand } from "./curl-command";
import { schemaFields, type JsonSchema } from "./schema-fields";

describe("curlCommand", () => {
  it("passes the key, headers and body to curl unchanged, however they are quoted", () => {
    const command = curlCommand({
      method: "POST",
      url: "/api/v1/leads",
      headers: { "Idempotency-Key": '"5f3c8a2e"', "Content-Type": "application/json" },
      body: JSON.stringify({ name: "O'Brien $HOME `x`", content: "a\\b" }), // as the document's reading gives it: JSON text
      anonymous: false,
    });
    // The shell's own reading of the command: each argument as curl would receive it.
    const args = execFileSync("sh", ["-c", `BASE=http://h TOKEN=t; set -- ${command.replace(/^curl /, "")}; printf '%s\\n' "$@"`], { encoding: "utf8" });
    expect(args.trimEnd().split("\n")).toEqual([
      "-i",
      "-X",
      "POST",
      "http://h/api/v1/leads",
      "-H",
      "Authorization: Bearer t",
      "-H",
      'Idempotency-Key: "5f3c8a2e"',
      "-H",
      "Content-Type: application/json",
      "--data-raw",
      JSON.stringify({ name: "O'Brien $HOME `x`", content: "a\\b" }),
    ]);
  });

  it("sends no session for an anonymous case and no -X for a GET", () => {
    expect(curlCommand({ method: "GET", url: "/api/v1/operations/k?type=order", headers: {}, anonymous: true })).toBe(
      'curl -i "$BASE/api/v1/operations/k?type=order"',
    );
  });
});

describe("schemaFields", () => {
  const doc = buildOpenApiDocument();
  const schemas = doc.components!.schemas as Record<string, JsonSchema>;
  const resolve = (s: JsonSchema) => (s.$ref ? schemas[s.$ref.split("/").pop()!]! : s);
  const body = (path: string) =>
    (doc.paths as Record<string, { post: { requestBody: { content: { "application/json": { schema: JsonSchema } } } } }>)[path]!.post.requestBody.content[
      "application/json"
    ].schema;

  it("lists a nested object's fields under its name, with the rules the server checks", () => {
    const rows = schemaFields(body("/api/v1/orders"), resolve);
    expect(rows.map((row) => [row.name, row.type, row.required])).toEqual([
      ["item", "string", true],
      ["quantity", "integer", true],
      ["contact", "object | null", false],
      ["contact.name", "string", true],
      ["contact.phone", "string", true],
      ["contact.address", "string", true],
    ]);
    expect(rows.find((row) => row.name === "quantity")!.rules).toEqual([{ kind: "range", min: 1, max: 5 }]);
  });

  it("shows an optional e-mail as a string or null, without the empty string it also accepts", () => {
    const email = schemaFields(body("/api/v1/leads"), resolve).find((row) => row.name === "email")!;
    expect(email.type).toBe("string | null");
    expect(email.rules).toEqual([
      { kind: "maxLength", max: 254 },
      { kind: "format", format: "email" },
    ]);
  });

  it("drops zod's 'any integer' bounds and keeps descriptions of referenced schemas", () => {
    const rows = schemaFields({ $ref: "#/components/schemas/Order" }, resolve);
    expect(rows.find((row) => row.name === "quantity")!.rules).toEqual([]);
    const problem = schemaFields({ $ref: "#/components/schemas/Problem" }, resolve);
    expect(problem.find((row) => row.name === "code")!.description).toMatch(/^Stable/);
  });
});
