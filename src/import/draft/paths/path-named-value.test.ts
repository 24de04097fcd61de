// A path value named a path at the path's end (a proxy's `/zqproxy/{zqAnyPath}`, `zq/items` meant as two segments) that
// the document does not mark as spanning segments: OpenAPI's simple style sends its "/" as %2F, and the judge takes
// nothing else, so the draft keeps the letter, and a review note says so and how to mark it. A marked one
// (`x-multi-segment`) and an id are left unremarked.
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
});

describe("a path value named a path, not marked as spanning segments", () => {
  const d = drafted(document, ["zqProxy", "zqFile", "zqItem"]);
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

  it("the call sends its / escaped, which the judge takes", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqProxy") as ToolSpec;
    const { sent, judged } = await judgedCall(d, tool, { accessToken: "zq-token-0000000001", zqAnyPath: "zq/items" });
    expect(sent.url).toBe("https://api.acme.test/zqproxy/zq%2Fitems");
    expect(judged.refusals).toEqual([]);
  });
});
