// A required field whose schema admits null (OpenAPI 3.0's `nullable`, 3.1's
// `null` type, a null alternative) holds no guaranteed value: an output read
// from it may be null (a cursor on the last page), and the suite's check of
// the outputs lets null through there, where the spec does.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { outputSchema } from "../contract/outputs.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply, type Json } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "./openapi-document.js";
import { parseYamlSource } from "./yaml-source.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const page: Json = {
  type: "object",
  required: ["zqItems", "zqNext", "zqLater", "zqEither", "zqTotal"],
  properties: {
    zqItems: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
    zqNext: { type: "string", nullable: true },
    zqLater: { $ref: "#/components/schemas/ZqMaybeText" },
    zqEither: { anyOf: [{ type: "string" }, { type: "null" }] },
    zqTotal: { type: "integer" },
  },
};
const components = { schemas: { ZqMaybeText: { type: ["string", "null"] } } };
const doc = (schema: Json = page) =>
  openapi({ "/zq-items": { get: { operationId: "listZqItems", responses: { "200": reply(schema, { zqItems: [], zqNext: null, zqLater: null, zqEither: null, zqTotal: 0 }) } } } }, components, { openapi: "3.1.0" });
/** The page as OpenAPI 3.1 writes it: null as a type, never `nullable`. */
const page31: Json = { ...page, properties: { ...page.properties, zqNext: { type: ["string", "null"] } } };

describe("a required field that may be null", () => {
  it("holds no guaranteed value, however the schema says null", () => {
    const d = new OpenApiDocument(parseYamlSource(JSON.stringify(doc()), "openapi.json"));
    expect(["zqNext", "zqLater", "zqEither", "zqTotal"].map((field) => d.isGuaranteed(page, [field]))).toEqual([false, false, false, true]);
  });

  it("gives an output the suite lets be null, where a field that may not be null stays required", async () => {
    const [tool] = await linkedTools(drafted(doc(page31), ["listZqItems"]));
    const sources = Object.fromEntries(tool!.outputs.map((o) => [o.path, "required" in o.source ? o.source.required : undefined]));
    // (zqEither, a union, is drafted as no output of its own.)
    expect(sources).toEqual({ data: true, "metadata.count": undefined, "metadata.zqNext": undefined, "metadata.zqLater": undefined, "metadata.zqTotal": true });
    const schema = outputSchema(tool!, 200) as { properties: { metadata: { properties: Record<string, { type: unknown }> } } };
    expect(schema.properties.metadata.properties.zqNext!.type).toEqual(["string", "null"]);
    expect(schema.properties.metadata.properties.zqTotal!.type).toBe("number");
  });
});
