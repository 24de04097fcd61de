// A reply whose one field is named as a path or a file (`{"zq/path/to/file.txt": {…}}`, a map's example key written
// as a property) is no envelope: its outputs were read from inside that one key, which no real reply holds.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const entry = { type: "object", properties: { zqsize: { type: "integer" }, zqowner: { type: "string" } } };
const doc = openapi({
  "/zqboxes/{zqbox}/files": {
    get: {
      operationId: "zqBoxFiles",
      parameters: [{ name: "zqbox", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      responses: {
        "200": reply({ type: "object", properties: { "zq/path/to/file.txt": entry } }, undefined),
      },
    },
  },
});

describe("a reply whose one field is named as a path", () => {
  it("is read whole, not as an envelope of that key", () => {
    const d = drafted(doc, ["zqBoxFiles"]);
    const outputs = d.manifest.operations.acme_zq_box_files?.outputs ?? {};
    expect(Object.values(outputs).map((o) => o.from)).not.toContainEqual(expect.stringContaining("file.txt"));
    expect(notesAt(d, "operations.acme_zq_box_files.outputs").join("\n")).not.toMatch(/wraps its/);
  });
});
