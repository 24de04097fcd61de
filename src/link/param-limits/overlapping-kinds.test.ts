// A value of overlapping scalar kinds (`oneOf: [integer, number]`, `oneOf: [string, {string, format: date}]`): by
// JSON Schema's letter a value fitting two kinds (3, "2024-01-01") fits no `oneOf`, so every whole number, and every
// text where `format` is only an annotation (JSON Schema 2020-12), is refused, though the publisher lists them. The
// request judge reads such a union as "a value of one of these forms" (judge/plain-one-of.ts), as the runtime checked
// one at a body's top; inside a JSON value the link recorded no kinds for overlapping ones, so a call sent `true` or
// `5` where the judge refuses it, and the typed client typed it `unknown`. Runtime, judge and typed client now agree:
// a value fitting one kind or more is taken, a value of no kind refused before any request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { paramTsType } from "../../emit/emit-tool-types.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const numberish = { oneOf: [{ type: "integer" }, { type: "number" }] };
const dateish = { oneOf: [{ type: "string" }, { type: "string", format: "date" }] };
const document = openapi({
  "/zqsites": {
    post: {
      operationId: "updateZqsite",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqCount: numberish,
                zqWhen: dateish,
                zqNested: { type: "object", properties: { zqSize: numberish, zqDay: dateish } },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a value of overlapping scalar kinds", () => {
  it("is taken fitting one kind or two, and refused fitting none, by the runtime and the judge alike", async () => {
    const draft = drafted(document, ["updateZqsite"], "zqoverlap");
    const [tool] = await linkedTools(draft, "zqoverlap");
    const { refusals } = judgedCut(draft, "/zqsites");
    const taken = [
      { zqCount: 3 },
      { zqCount: 3.5 },
      { zqWhen: "2024-01-01" },
      { zqWhen: "zq" },
      { zqNested: { zqSize: 3, zqDay: "2024-01-01" } },
      { zqNested: { zqSize: 3.5, zqDay: "zq" } },
    ];
    for (const input of taken) {
      expect(refusals(input), JSON.stringify(input)).toEqual([]);
      expect(await sentOrRefused(tool!, input, { id: "zq1" }), JSON.stringify(input)).toEqual({
        message: "sent",
        sent: 1,
      });
    }
    const refused = [
      [{ zqCount: true }, "zqCount: must be an integer or a number, got true"],
      [{ zqWhen: 5 }, "zqWhen: must be a string, got 5"],
      [{ zqNested: { zqSize: true } }, "zqNested.zqSize: must be one of integer, number, got true"],
      [{ zqNested: { zqDay: 5 } }, "zqNested.zqDay: must be one of string, got 5"],
    ] as const;
    for (const [input, message] of refused) {
      expect(refusals(input), JSON.stringify(input)).toEqual(["schema"]);
      const call = await sentOrRefused(tool!, input, { id: "zq1" });
      expect(call.sent, JSON.stringify(input)).toBe(0);
      expect(call.message).toContain(message);
    }
  });

  it("is typed in the typed client as any of its kinds", async () => {
    const [tool] = await linkedTools(drafted(document, ["updateZqsite"], "zqoverlaptype"), "zqoverlaptype");
    const type = (name: string) => paramTsType(tool!.params.find((p) => p.name === name)!);
    expect(type("zqCount")).toBe("number");
    expect(type("zqWhen")).toBe("string");
    expect(type("zqNested")).toBe("{ zqSize?: number; zqDay?: string; }");
  });

  it("passes the suite's cases on the mock, its draws of each kind taken by the judge and the mock", async () => {
    const on = await draftedOnMock("zqoverlapsuite", document, ["updateZqsite"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  });
});
