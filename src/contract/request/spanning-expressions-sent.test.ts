// Two adjacent path parameters whose values may span segments (`/zqtrees/{parent}/{kind}/leaves`, both sent with their
// `/` as they are): the wire cannot mark where the first ends, so `/zqtrees/a/ / /leaves` reads as parent "a" and
// kind " / " as well as parent "a/ " and kind " ", both meeting the template. The suite's check that each value went
// intact took the first reading and failed a request sent exactly as the template writes it ("parent as sent (path
// parent): expected "a", got "a/ ""). A value went intact when a reading of the path gives it.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectSent } from "./sent-value.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-spanning-expressions-sent-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqtrees", {
  "/zqtrees/{parent}/{kind}/leaves": {
    get: {
      operationId: "listZqleaves",
      parameters: [
        { name: "parent", in: "path", required: true, schema: { type: "string" } },
        { name: "kind", in: "path", required: true, schema: { type: "string" } },
      ],
      responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
    },
  },
});

const manifest = keyedManifest(
  "zqtrees",
  `  zqtrees_list_leaves:
    operationId: listZqleaves
    title: List leaves
    description: List the leaves under a parent of a kind.
    params:
      parent:
        type: string
        maxLength: 64
        required: true
        description: The parent's path.
        wire: { in: path, multiSegment: true }
      kind:
        type: string
        maxLength: 64
        required: true
        description: The kind's path.
        wire: { in: path, multiSegment: true }
    outputs:
      data:
        type: json
        from: $response.body
        description: The leaves.
`,
);

const { linked, tool } = await linkedTool(work, "zqtrees", openapi, manifest, "zqtrees_list_leaves");

const sent = (input: Record<string, unknown>) => sentGet(tool, input);

describe("two adjacent path parameters whose values span segments", () => {
  it.each([
    [{ parent: "a", kind: " / " }, "/zqtrees/a/%20/%20/leaves"],
    [{ parent: "a/b", kind: "c" }, "/zqtrees/a/b/c/leaves"],
    [{ parent: "x", kind: "y/z/w" }, "/zqtrees/x/y/z/w/leaves"],
  ])("reach the wire intact, each value read by a split that gives it (%j)", async (input, pathname) => {
    const ex = await sent({ apiKey: "zq-key-0001", ...input });
    expect(ex.url.pathname).toBe(pathname);
    for (const param of tool.params.filter((p) => p.name !== "apiKey"))
      expect(() => expectSent(ex, tool, linked.document, param, input[param.name as "parent"])).not.toThrow();
  });

  it("still fail a value no reading of the path gives", async () => {
    const ex = await sent({ apiKey: "zq-key-0001", parent: "a/b", kind: "c" });
    const parent = tool.params.find((p) => p.name === "parent")!;
    expect(() => expectSent(ex, tool, linked.document, parent, "a/c")).toThrow(/parent as sent/);
  });
});
