// A form field and a query parameter whose enums name values their own bounds refuse (a locale list past its
// `maxLength: 5`; a number beyond its `maximum`; a code its pattern does not match): the enum case sent each value
// and the runtime refused the one the bound rules out, so the derived suite failed on add's own draft. add leaves
// the refusing bounds out of the cut, names them in its header and a review note, and every case passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, openapi } from "../__fixtures__/draft-kit.js";
import { withoutBoundsRefusingEnums } from "./unmet-lengths.js";

const document = openapi({
  "/zqprofile": {
    put: {
      operationId: "PutZqProfile",
      parameters: [
        { name: "zqtier", in: "query", schema: { type: "integer", enum: [1, 2, 12], maximum: 9 } },
        { name: "zqcode", in: "query", schema: { type: "string", enum: ["ab", "abc1"], pattern: "^[a-z]+$" } },
      ],
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              properties: {
                zqlocale: { type: "string", enum: ["EN_US", "DE_DE", "ZQ_HANS_XX"], maxLength: 5, minLength: 2 },
              },
            },
          },
        },
      },
      responses: { "204": { description: "Updated." } },
    },
  },
});

describe("bounds refusing values of their own enum", () => {
  it("are left out of the cut, each named with a value it refused; the bounds the values meet stay", () => {
    const cut = structuredClone(document);
    const left = withoutBoundsRefusingEnums(cut);
    expect(left).toEqual([
      expect.stringMatching(/parameters\.0\.schema \(maximum 9; enum value 12\)$/),
      expect.stringMatching(/parameters\.1\.schema \(pattern "\^\[a-z\]\+\$"; enum value "abc1"\)$/),
      expect.stringMatching(/zqlocale \(maxLength 5; enum value "ZQ_HANS_XX"\)$/),
    ]);
    const put = (cut.paths as Record<string, { put: Record<string, unknown> }>)["/zqprofile"]?.put;
    expect(JSON.stringify(put)).toContain('"minLength":2');
    expect(withoutBoundsRefusingEnums(cut)).toEqual([]);
  });

  it("are named in the draft's header and a review note", () => {
    const d = drafted(document, ["PutZqProfile"], "zqenumbounds");
    expect(d.openapiText).toMatch(/Left out by blockwright add: .*maxLength 5; enum value "ZQ_HANS_XX"/);
    // The note's lines joined as a reader reads them.
    expect(d.manifestText.replace(/\n#\s+/g, " ")).toMatch(/leaves out .*maximum 9; enum value 12\).*refuse a value/);
  });

  describe("on the mock", () => {
    let on: DraftedOnMock | undefined;
    beforeAll(async () => {
      on = await draftedOnMock("zqenumbounds", document, ["PutZqProfile"]);
    });
    afterAll(async () => {
      await on?.close();
    });
    it("every derived case of add's draft passes, the enum's every value among them", async () => {
      expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
    });
  });
});
