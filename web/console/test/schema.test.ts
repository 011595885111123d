// The API client's types (src/api/schema.gen.ts) must be what the server's OpenAPI document
// (docs/openapi.json) generates now: a server change regenerates the document, and this fails until
// the console's types follow (scripts/api-types.mjs).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REGENERATE, SCHEMA_FILE, schemaTypes } from "../scripts/api-types.mjs";

describe("generated API types", () => {
  it("the checked-in schema.gen.ts is what docs/openapi.json generates", async () => {
    const onDisk = readFileSync(SCHEMA_FILE, "utf8");
    const stale = `src/api/schema.gen.ts is stale: docs/openapi.json changed. Regenerate it with \`${REGENERATE}\` and commit it.`;
    expect(onDisk === (await schemaTypes()), stale).toBe(true);
  });
});
