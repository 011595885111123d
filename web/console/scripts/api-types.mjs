// @ts-check
// Generates src/api/schema.gen.ts, the types the console's API client (src/api/http.ts) is checked
// against, from the server's OpenAPI document docs/openapi.json (itself generated from the
// handlers, docs/architecture.md "The wire layer"). `npm run gen:api -w console` writes it;
// test/schema.test.ts fails when the checked-in file is not what this produces.
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

export const SCHEMA_FILE = fileURLToPath(new URL("../src/api/schema.gen.ts", import.meta.url));
const DOCUMENT = new URL("../../../docs/openapi.json", import.meta.url);

export const REGENERATE = "npm run gen:api -w console";

/** The text of schema.gen.ts for the document as it is now. */
export async function schemaTypes() {
  const document = JSON.parse(await readFile(DOCUMENT, "utf8"));
  // A schema without properties (`Config`, whose shape is the model's) reads as any object, as
  // JSON Schema means it, rather than as an empty one.
  const ast = await openapiTS(document, { silent: true, emptyObjectsUnknown: true });
  return `// Generated from docs/openapi.json by \`${REGENERATE}\` — do not edit.\n\n${astToString(ast)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(SCHEMA_FILE, await schemaTypes());
}
