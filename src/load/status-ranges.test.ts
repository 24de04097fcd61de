// Responses keyed by a range of statuses (`2XX`): read as the range's first
// status, as the mocks serve them, so that an operation answering `2XX` links
// and its outputs read that answer.
import { describe, expect, it } from "vitest";
import { linkWild } from "../../test-support/link-wild.js";
import { withRangesAsStatuses } from "./status-ranges.js";

describe("a response keyed by a range of statuses", () => {
  it(
    "is the range's first status, unless the document " + "declares that status itself; a lowercase x makes no range",
    () => {
      expect(
        withRangesAsStatuses([
          ["2XX", "a"],
          ["4XX", "b"],
          ["default", "c"],
        ]),
      ).toEqual([
        ["200", "a"],
        ["400", "b"],
        ["default", "c"],
      ]);
      expect(
        withRangesAsStatuses([
          ["200", "a"],
          ["2XX", "b"],
          ["201", "c"],
        ]),
      ).toEqual([
        ["200", "a"],
        ["201", "c"],
      ]);
      // A lowercase x is no range, to OpenAPI or to the mocks: kept as written.
      expect(withRangesAsStatuses([["4xx", "b"]])).toEqual([["4xx", "b"]]);
    },
  );

  it("is a success an operation's outputs read: an operation answering only 2XX links", async () => {
    const linked = await linkWild("zqpayments", [
      {
        file: "openapi.yaml",
        find: '        "200":\n          description: A page of customers.',
        replace: "        2XX:\n          description: A page of customers.",
      },
    ]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const list = linked.ir.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
    expect(list.successStatuses).toEqual([200]);
    expect(list.outputs.length).toBeGreaterThan(0);
  });
});
