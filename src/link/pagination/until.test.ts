// `pagination.until`, when a stream's reader is caught up though the next page is given: a value of the reply (a lag
// equals 0) or a page without items. Refused where it cannot hold, at the field, naming the rule and the value.
import { describe, expect, it } from "vitest";
import { linkWild, wildProblems } from "../../../test-support/link-wild.js";

const MORE = '      more: { from: "$response.body#/has_more", equals: true }\n';
const until = (text: string) => ({ find: MORE, replace: `${MORE}      until: ${text}\n` });
const AT = "specs/zqpayments/manifest.yaml:123";
const WHERE = "operations.zqpayments_list_customers.pagination.until";

describe("pagination.until", () => {
  it("is linked as a value test or a page without items", async () => {
    const linked = async (text: string) => {
      const l = await linkWild("zqpayments", [until(text)]);
      if (!("ir" in l)) throw new Error(l.problems.join("\n"));
      return l.ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")?.tool.pagination?.until;
    };
    expect(await linked('{ from: "$response.body#/has_more", equals: false }')).toEqual({
      expression: "$response.body#/has_more",
      ref: { kind: "body", pointer: ["has_more"] },
      equals: false,
    });
    expect(await linked("{ empty: true }")).toEqual({ empty: true });
  });

  it("refuses a value its field can never hold, or a field the reply lacks", async () => {
    expect(await wildProblems("zqpayments", [until('{ from: "$response.body#/has_more", equals: 0 }')])).toEqual([
      `${AT}:58: ${WHERE}.equals: 0 can never equal "$response.body#/has_more", which is boolean in ` +
        "specs/zqpayments/openapi.yaml",
    ]);
    expect(await wildProblems("zqpayments", [until('{ from: "$response.body#/zqlag", equals: 0 }')])).toEqual([
      `${AT}:22: ${WHERE}.from: response field "/zqlag" not found in the success response of "GetCustomers" ` +
        "in specs/zqpayments/openapi.yaml",
    ]);
  });

  it("refuses a value test without its other half, and one given with an empty page", async () => {
    expect(await wildProblems("zqpayments", [until('{ from: "$response.body#/has_more" }')])).toEqual([
      `${AT}:16: ${WHERE}.from: "from" "$response.body#/has_more" needs "equals", the value that says nothing more ` +
        "is there now",
    ]);
    expect(await wildProblems("zqpayments", [until("{ equals: false }")])).toEqual([
      `${AT}:16: ${WHERE}.equals: "equals" false needs "from", the reply's value that says nothing more is there now`,
    ]);
    expect(
      await wildProblems("zqpayments", [until('{ empty: true, from: "$response.body#/has_more", equals: false }')]),
    ).toEqual([
      `${AT}:16: ${WHERE}.empty: the pages end either at a page without items (empty) or at a value (from, equals), ` +
        "not both",
    ]);
  });

  it("refuses an empty page for offsets, whose pages always end at one", async () => {
    const offset = {
      find: '      style: cursor\n      cursor: "$response.body#/data/-1/id"\n',
      replace: "      style: offset\n",
    };
    expect(await wildProblems("zqpayments", [offset, until("{ empty: true }")])).toEqual([
      `specs/zqpayments/manifest.yaml:122:16: ${WHERE}.empty: the pages of an offset always end at a page without ` +
        'items; "empty" is for cursors and addresses',
    ]);
  });

  it("refuses by the schema an empty page that is false, and nothing said", async () => {
    expect(await wildProblems("zqpayments", [until("{ empty: false }")])).toEqual([
      `${AT}:23: ${WHERE}.empty: must be one of true, got false`,
    ]);
    expect(await wildProblems("zqpayments", [until("{}")])).toEqual([
      `${AT}:14: ${WHERE}: must hold at least 1 entry, got {}`,
    ]);
  });
});
