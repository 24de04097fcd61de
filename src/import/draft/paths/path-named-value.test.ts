// A path value named a path at the path's end (a proxy's `/zqproxy/{zqAnyPath}`, `zq/items` meant as two segments) that
// the document does not mark as spanning segments: OpenAPI's simple style sends its "/" as %2F, and the judge takes
// nothing else, so the draft keeps the letter, and a review note says so and how to mark it; so for one described as a
// file's path. A marked one (`x-multi-segment`), an id and one whose description asks for it encoded are unremarked.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const get = (operationId: string, name: string, extra: Record<string, unknown> = {}) => ({
  get: {
    operationId,
    parameters: [{ name, in: "path", required: true, schema: { type: "string" }, ...extra }],
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
  },
});
const document = openapi({
  "/zqproxy/{zqAnyPath}": get("zqProxy", "zqAnyPath"),
  "/zqfiles/{zqFilePath}": get("zqFile", "zqFilePath", { "x-multi-segment": true }),
  "/zqitems/{zqId}": get("zqItem", "zqId"),
  "/zqraw/{zqFile}": get("zqRaw", "zqFile", { description: "The file's path in the repository." }),
  "/zqencoded/{zqObjectPath}": get("zqEncoded", "zqObjectPath", {
    description: "URL-encoded full path to the file, e.g. zq%2Fitems.txt",
  }),
  "/zqkeys/{zqKey}": get("zqKey", "zqKey", {
    description: "The file name to fetch; leave its extension out of the path.",
  }),
});

describe("a path value named a path, not marked as spanning segments", () => {
  const d = drafted(document, ["zqProxy", "zqFile", "zqItem", "zqRaw", "zqEncoded", "zqKey"]);
  const idOf = (operationId: string) =>
    Object.keys(d.manifest.operations).find((k) => d.manifest.operations[k]?.operationId === operationId) ?? "";
  const noteOf = (operationId: string) => notesAt(d, `operations.${idOf(operationId)}`).join("\n");

  it("kept to the letter with a note saying how to mark it; a marked one and an id unremarked", () => {
    expect(d.manifest.operations[idOf("zqProxy")]?.params?.zqAnyPath?.wire).toEqual({ in: "path" });
    expect(noteOf("zqProxy")).toContain(
      `zqProxy's {zqAnyPath}, named a path, is sent as one segment: a "/" in its value goes as %2F`,
    );
    expect(noteOf("zqProxy")).toContain("mark the parameter `x-multi-segment: true` in openapi.yaml");
    for (const operationId of ["zqFile", "zqItem"]) expect(noteOf(operationId)).not.toContain("named a path");
  });

  // A file's path the name does not say (`{zqFile}`, "The file's path"): drafted with no word of it. A description
  // asking for the value encoded says it is one segment: the note told to consider marking it spanning segments.
  it("or described as a file's path, has the note; one whose description asks for it encoded has none", () => {
    expect(d.manifest.operations[idOf("zqRaw")]?.params?.zqFile?.wire).toEqual({ in: "path" });
    expect(noteOf("zqRaw")).toContain(
      `zqRaw's {zqFile}, described as a file's or a folder's path, is sent as one segment: a "/" in its value goes`,
    );
    expect(noteOf("zqEncoded")).not.toContain("is sent as one segment");
    expect(noteOf("zqKey")).not.toContain("is sent as one segment");
  });

  it("the call sends its / escaped, which the judge takes", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqProxy") as ToolSpec;
    const { sent, judged } = await judgedCall(d, tool, { accessToken: "zq-token-0000000001", zqAnyPath: "zq/items" });
    expect(sent.url).toBe("https://api.acme.test/zqproxy/zq%2Fitems");
    expect(judged.refusals).toEqual([]);
  });
});
