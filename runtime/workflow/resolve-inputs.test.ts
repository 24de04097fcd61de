// resolveInputs: a block's inputs with every reference replaced by its value.
import { describe, expect, it } from "vitest";
import { tools } from "../../test-support/runtime/packages.js";
import { resolveInputs } from "./run.js";
import type { BlockResult, CallBlock } from "./types.js";

const block = (inputs: Record<string, unknown>): CallBlock => ({
  type: "books",
  name: "Get",
  inputs: { operation: "books_get_volume", ...inputs },
});
const search: BlockResult = {
  id: "search",
  name: "Search",
  type: "books",
  operation: "books_search_volumes",
  status: "succeeded",
  durationMs: 1,
  outputs: { data: [{ id: "zyTCAlFPjgYC" }] },
};

describe("resolveInputs", () => {
  it("takes environment values and upstream outputs, keeping a whole reference's type", () => {
    const params = resolveInputs(
      tools.books_get_volume!,
      block({ apiKey: "{{BOOKS_KEY}}", volumeId: "{{search.data[0].id}}" }),
      new Map([["search", search]]),
      { BOOKS_KEY: "AIzaResolveKey0001" },
    );
    expect(params).toEqual({ apiKey: "AIzaResolveKey0001", volumeId: "zyTCAlFPjgYC" });
  });

  it(
    "reads only the environment's own variables: {{constructor}} or {{toString}} is a missing variable, " +
      "not Object.prototype's",
    () => {
      const params = resolveInputs(
        tools.books_get_volume!,
        block({ apiKey: "{{constructor}}", volumeId: "{{toString}}" }),
        new Map(),
        {},
      );
      expect(params).toEqual({ apiKey: "mock-placeholder-constructor", volumeId: "mock-placeholder-toString" });
    },
  );
});
