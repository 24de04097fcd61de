// A JSON list whose items are numbers with exclusive bounds in OpenAPI 3.0's form (`minimum: 0, maximum: 1,
// exclusiveMinimum: true, exclusiveMaximum: true`: a threshold strictly between 0 and 1). A top-level parameter's
// bounds were read exclusive, but a JSON value's nested ones took `maximum` as it stands: 1 was sent, which the
// document refuses (the suite's boundary case, red in a directory sample). The boundary case's value was the
// maximum's floor, 0 for a number below 1, which broke the exclusive minimum. Both read by one rule now.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { jsonBoundaries } from "../../contract/kinds/limit.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const threshold = { type: "number", minimum: 0, maximum: 1, exclusiveMinimum: true, exclusiveMaximum: true };
const document = openapi({
  "/zqthresholds": {
    post: {
      operationId: "setZqThresholds",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqThresholds"],
              properties: { zqThresholds: { type: "array", minItems: 1, maxItems: 3, items: threshold } },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a JSON list's items of exclusive bounds (OpenAPI 3.0's booleans)", () => {
  it("refuses an item at either bound before any request and sends one inside them", async () => {
    const d = drafted(document, ["setZqThresholds"], "zqbounds");
    expect(await linkProblems(d, "zqbounds")).toEqual([]);
    const tool = (await linkedTools(d, "zqbounds")).find((t) => t.id === "zqbounds_set_zq_thresholds")!;
    const send = (items: number[]) => sentOrRefused(tool, { zqThresholds: items }, { id: "zq1" });
    expect(await send([0.5, 0.999])).toEqual({ message: "sent", sent: 1 });
    for (const bad of [[1], [0], [0.5, 1.5]]) {
      const refused = await send(bad);
      expect(refused.sent, JSON.stringify(bad)).toBe(0);
      // The document's exclusive bounds as it says them (rule-words.ts `brokenBound`).
      expect(refused.message).toMatch(/zqThresholds\[\d\]: must be (less than 1|greater than 0),/);
    }
  });

  it("derives its boundary case inside both bounds", async () => {
    const d = drafted(document, ["setZqThresholds"], "zqbounds");
    const tool = (await linkedTools(d, "zqbounds")).find((t) => t.id === "zqbounds_set_zq_thresholds")!;
    const param = tool.params.find((p) => p.name === "zqThresholds")!;
    const oks = jsonBoundaries(param).flatMap((b) => (Array.isArray(b.ok) ? b.ok : []));
    expect(oks.length).toBeGreaterThan(0);
    for (const ok of oks as number[]) {
      expect(ok).toBeGreaterThan(0);
      expect(ok).toBeLessThan(1);
      expect(await sentOrRefused(tool, { zqThresholds: [ok] }, { id: "zq1" })).toEqual({ message: "sent", sent: 1 });
    }
  });
});
