// (Held by concrete-paths.ts: two rounds found this shape at once; one check kept.)
// A path value that addresses another operation: with `GET /zqshelves/{zqName}` and `GET /zqshelves/zqfeatured` in
// one document, a router matches the concrete path first, so `zqName: zqfeatured` (the document's own example) reached
// the other operation, whose answers hold none of this one's named examples: the mock answered 500 NOT_FOUND to the
// example and property cases. The suite's values leave such a value out (the mock serves the operations the manifest
// binds: all three are bound here); a value of another segment stays.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-shadowed-path-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const answer = (description: string) => ({
  "200": {
    description,
    content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } },
  },
});
const shelf = { name: "zqShelf", in: "path", required: true, schema: { type: "string" }, example: "zqfeatured" };
const name = { name: "zqName", in: "path", required: true, schema: { type: "string", enum: ["zqfeatured", "zqold"] } };
const openapi = {
  openapi: "3.0.3",
  info: { title: "zqshelves", version: "1" },
  servers: [{ url: "https://api.zqshelves.test" }],
  security: [{ zqKey: [] }],
  components: { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  paths: {
    "/zqshelves/{zqShelf}/zqbooks/{zqName}": {
      get: { operationId: "getZqbook", parameters: [shelf, name], responses: answer("A book.") },
    },
    "/zqshelves/{zqShelf}/zqbooks/zqfeatured": {
      get: { operationId: "getZqfeatured", parameters: [shelf], responses: answer("The featured book.") },
      // Another method at the concrete path takes nothing from the GET.
      delete: { operationId: "deleteZqfeatured", parameters: [shelf], responses: answer("Gone.") },
    },
    // A concrete path one segment off (`zqbooks` vs `zqpens`) addresses nothing of the tool's.
    "/zqshelves/{zqShelf}/zqpens/zqold": {
      get: { operationId: "getZqpen", parameters: [shelf], responses: answer("A pen.") },
    },
  },
};

const manifest = `provider: zqshelves
name: Zqshelves
description: Shelves.
color: "#123456"
category: tools
openapi: openapi.json
server:
  default: https://api.zqshelves.test
auth:
  scheme: zqKey
  param: apiKey
errors:
  message: ["$response.body#/message"]
params:
  apiKey: { type: string, maxLength: 256, required: true, secret: true, description: The key. }
operations:
  zqshelves_get_book:
    operationId: getZqbook
    title: Get a book
    description: Get a book.
    params:
      zqShelf: { type: string, maxLength: 64, required: true, description: The shelf., wire: { in: path } }
      zqName:
        type: string
        enum: [zqfeatured, zqold]
        required: true
        description: The book.
        wire: { in: path }
    outputs:
      name: { type: string, from: $response.body#/name, description: The name. }
${["getZqfeatured", "deleteZqfeatured", "getZqpen"]
  .map(
    (id) => `  zqshelves_${id.toLowerCase()}:
    operationId: ${id}
    title: ${id}
    description: ${id}.
    params:
      zqShelf: { type: string, maxLength: 64, required: true, description: The shelf., wire: { in: path } }
    outputs:
      name: { type: string, from: $response.body#/name, description: The name. }
`,
  )
  .join("")}`;

const { linked, tool } = await linkedTool(work, "zqshelves", openapi, manifest, "zqshelves_get_book");
const values = new ToolValues(tool, linked.document);

describe("a path value that makes the address another operation's concrete path", () => {
  it("is no value of the tool: the minimal input and every random draw leave it out", () => {
    expect(values.accepts(tool.params.find((p) => p.name === "zqName")!, "zqfeatured")).toBe(false);
    expect(values.minimal().zqName).toBe("zqold");
    const draws = fc.sample(validInput(tool, values, "https://api.zqshelves.test"), { numRuns: 40, seed: 7 });
    for (const input of draws) expect((input as Record<string, unknown>).zqName).toBe("zqold");
  });

  it("leaves the other segments' values alone (the shelf takes the concrete path's word)", () => {
    expect(values.minimal().zqShelf).toBe("zqfeatured");
  });
});
