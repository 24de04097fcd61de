// `nullable: true` in an OpenAPI 3.1 document (a 3.0 word the publisher kept, beside a type or a `$ref`): 3.1's schemas
// do not read it, so the request judge refused the null the draft offered there ("must be string, got null"), a red
// case "null given to …: sent as JSON null" on every such field. A value sent is held to the letter now: not drafted
// nullable, with a note saying why; a 3.1 null type still is. An answer is read as meant: such a field may be null.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { deriveCases } from "../../contract/derive.js";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const fields = {
  zqUntil: { $ref: "#/components/schemas/ZqRun/properties/zqAt", description: "Up to when.", nullable: true },
  zqNote: { type: "string", maxLength: 20, nullable: true },
  zqLabel: { type: ["string", "null"], maxLength: 20 },
  zqWindow: { type: "object", properties: { zqFrom: { type: "string", maxLength: 20, nullable: true } } },
};
const run = {
  type: "object",
  required: ["zqAt"],
  properties: { zqAt: { type: "string", maxLength: 30 }, zqEnded: { type: "string", nullable: true } },
};
const document = openapi(
  {
    "/zqruns": {
      post: {
        operationId: "zqStartRun",
        requestBody: { content: { "application/json": { schema: { type: "object", properties: fields } } } },
        responses: {
          "200": {
            description: "The run.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRun" } } },
          },
        },
      },
    },
  },
  { schemas: { ZqRun: { ...run, required: ["zqAt", "zqEnded"] } } },
  { openapi: "3.1.0" },
);

describe("nullable: true in a 3.1 document", () => {
  const d = drafted(document, ["zqStartRun"]);
  const op = d.manifest.operations.acme_zq_start_run;

  it("offers no null for a body field it marks (a type, a $ref), with a note; a null type still does", async () => {
    expect(op?.params?.zqUntil?.nullable).toBeUndefined();
    expect(op?.params?.zqNote?.nullable).toBeUndefined();
    expect(op?.params?.zqLabel?.nullable).toBe(true);
    const noted = d.notes
      .filter((n) => n.note.startsWith("nullable: true is OpenAPI 3.0's word"))
      .map((n) => n.at.at(-1));
    expect(noted.sort()).toEqual(["zqNote", "zqUntil"]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses a null inside a JSON value where it marks a field, before any request", async () => {
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    const { fetch, seen } = scriptedFetch(json(200, { zqAt: "zq", zqEnded: null }));
    const call = (zqWindow: unknown) =>
      executeToolDefinition(tool, { accessToken: "zq-token-0000000001", zqWindow }, { fetch });
    expect(await call({ zqFrom: null })).toMatchObject({ success: false, error: { type: "validation" } });
    expect(seen).toEqual([]);
    expect((await call({ zqFrom: "zq" })).success).toBe(true);
  });

  it("reads an answer's field it marks as one that may be null", () => {
    expect(op?.outputs?.["metadata.zqEnded"]?.optional).toBe(true);
    expect(op?.outputs?.["metadata.zqAt"]?.optional).toBeUndefined();
  });

  it("passes every derived case on the mock, the judge on", async () => {
    const on = await draftedOnMock("acme", document, ["zqStartRun"]);
    try {
      expect(deriveCases(on.subject).filter((c) => c.id.includes("sent as JSON null")).length).toBe(1);
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
