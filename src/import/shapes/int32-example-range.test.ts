// An integer of format int32 whose own example is past int32's range (a UNIX timestamp in milliseconds,
// `1418556452651`, a published address API's usage range): add drafted the int32 range as the parameter's limits, so
// every call with a real timestamp was refused before any request ("must be at most 2147483647"), and the mock would
// refuse it too. The example says what the API takes: the cut writes the format as int64 and says so; the draft has no
// int32 range. A format whose range holds its example stays.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";
import { withoutFormatsRefusingExamples } from "./unmet-lengths.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const stamp = { type: "integer", format: "int32", description: "The range's start time", example: 1418556452651 };
const documentWith = (start: Record<string, unknown>) =>
  openapi({
    "/zqusage": {
      get: {
        operationId: "zqUsage",
        parameters: [
          { name: "zqstart", in: "query", schema: { ...start } },
          { name: "zqlimit", in: "query", schema: { type: "integer", format: "int32", example: 10 } },
        ],
        responses: { "200": reply({ type: "object", properties: { zqtotal: { type: "integer" } } }, { zqtotal: 1 }) },
      },
    },
  });

describe("an int32 format refusing its own example", () => {
  it("is written int64 in the cut, named with the example; one holding its example stays", () => {
    const cut = documentWith(stamp);
    expect(withoutFormatsRefusingExamples(cut)).toEqual([
      expect.stringMatching(/parameters\.0\.schema \(format int32, written int64; example 1418556452651\)$/),
    ]);
    expect(withoutFormatsRefusingExamples(cut)).toEqual([]);
  });

  it("is drafted without the int32 range, named in the header and a note, and the draft links", async () => {
    const d = drafted(documentWith(stamp), ["zqUsage"]);
    const params = d.manifest.operations.acme_zq_usage?.params ?? {};
    expect(params.zqstart?.maximum).toBeUndefined();
    expect(params.zqstart?.example).toBe(1418556452651);
    expect(params.zqlimit?.maximum).toBe(2 ** 31 - 1);
    expect(d.openapiText).toMatch(/parameters\.0\.schema \(format int32, written int64; example 1418556452651\)/);
    expect(d.manifestText.replace(/\n#\s+/g, " ")).toMatch(
      /an int32 format's range refuses the example \(written int64\)/,
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});
