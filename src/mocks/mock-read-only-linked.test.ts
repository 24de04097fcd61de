// A request body in a densely linked document (entities whose fields lead to
// each other, and to themselves: a node's children are nodes), whose deepest
// schema requires a readOnly field: the mock drops that requirement from every
// schema on the way to it (read-only-required.ts), each written once as a
// schema of its own. Written out in place, every path to the changed schema
// was a copy: 2^depth of them here, and a whole published API's body grew to
// 28 MB, which the mock's validator compiled until its worker ran out of
// memory.
import AjvModule from "ajv";
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

const Ajv = AjvModule.default ?? AjvModule;

/** Levels of the chain: each level's two fields lead to the next, so the paths to the last number 2^DEPTH. */
const DEPTH = 12;
const ref = (i: number) => ({ $ref: `#/components/schemas/ZqNode${i}` });

const schemas: Record<string, unknown> = {};
for (let i = 0; i < DEPTH; i++) {
  schemas[`ZqNode${i}`] = {
    type: "object",
    properties: {
      name: { type: "string" },
      left: ref(i + 1),
      right: { type: "array", items: ref(i + 1) },
      // Back to the top: a cycle, left as a reference.
      children: { type: "array", items: ref(0) },
    },
  };
}
schemas[`ZqNode${DEPTH}`] = {
  type: "object",
  required: ["zqid", "label"],
  properties: { zqid: { type: "string", readOnly: true }, label: { type: "string" } },
};

const document = {
  openapi: "3.0.3",
  info: { title: "zqnodes", version: "1" },
  components: { schemas },
  paths: {
    "/zq/nodes": {
      post: {
        requestBody: { required: true, content: { "application/json": { schema: ref(0) } } },
        responses: { "200": { description: "made", content: { "application/json": { schema: ref(0) } } } },
      },
    },
  },
};

type Served = {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
};

describe("a mock's request body in a densely linked, recursive document, a readOnly field required deep down", () => {
  const served = mockDocument(document, () => false) as Served;
  const body = served.paths["/zq/nodes"]!.post.requestBody.content["application/json"]!.schema;

  it("writes each schema on the way once, as a schema of its own, and the body refers to it", () => {
    expect(body).toEqual({ $ref: "#/components/schemas/ZqNode0.request" });
    const rewritten = Object.keys(served.components.schemas).filter((name) => name.endsWith(".request"));
    expect(rewritten.sort()).toEqual(Array.from({ length: DEPTH + 1 }, (_, i) => `ZqNode${i}.request`).sort());
    // Each rewrite holds references, not copies: the served schemas stay the size of the document's (a copy per path
    // was 2^12 leaves).
    const size = JSON.stringify(served.components.schemas).length;
    expect(size).toBeLessThan(3 * JSON.stringify(schemas).length);
    expect(served.components.schemas["ZqNode1.request"]).toMatchObject({
      properties: { left: { $ref: "#/components/schemas/ZqNode2.request" } },
    });
  });

  it("does not require the readOnly field of a request, at any depth (answers still do); the document is kept", () => {
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: "zq://nodes", components: served.components });
    const check = ajv.compile({
      $id: "zq://nodes/body",
      ...JSON.parse(JSON.stringify(body).replaceAll('"#/components', '"zq://nodes#/components')),
    });
    let leaf: Record<string, unknown> = { label: "zq.leaf" };
    for (let i = DEPTH - 1; i >= 0; i--) leaf = { name: `zq${i}`, left: leaf, right: [leaf], children: [] };
    expect(check(leaf)).toBe(true);
    // The rest of what the leaf requires is still required.
    let unlabelled: Record<string, unknown> = {};
    for (let i = DEPTH - 1; i >= 0; i--) unlabelled = { left: unlabelled };
    expect(check(unlabelled)).toBe(false);
    expect((schemas[`ZqNode${DEPTH}`] as { required: string[] }).required).toEqual(["zqid", "label"]);
    expect(served.components.schemas[`ZqNode${DEPTH}`]).toEqual(schemas[`ZqNode${DEPTH}`]);
  });
});
