// The logical call an SDK is given: a switch (a boolean query parameter the upstream reads by its presence, drafted
// `wire.in: switch`) given true is the document's parameter it sends; the SDK was given none, so every comparison of
// such an operation showed a difference that was the comparison's own (Asana's `opt_pretty`).
import { describe, expect, it } from "vitest";
import { bareTool } from "../../../test-support/runtime/bare-tool.js";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { logicalCall } from "./logical-call.js";

const listTool = bareTool("zq_list_notes", {
  path: "/zqnotes",
  server: { default: "https://api.zqnotes.test", hosts: ["api.zqnotes.test"] },
  params: [
    { name: "limit", type: "number", required: false, secret: false, wire: { in: "query", name: "limit" } },
    {
      name: "pretty",
      type: "boolean",
      required: false,
      secret: false,
      wire: { in: "switch", whenTrue: [{ in: "query", name: "opt_pretty", value: true }] },
    },
  ],
} as unknown as Partial<ToolSpec> & Pick<ToolSpec, "path" | "server">);

describe("the logical call of a switch", () => {
  it("given true, holds the query parameter the switch sends; given false, none", () => {
    expect(logicalCall(listTool, { limit: 5, pretty: true }).query).toEqual({ limit: 5, opt_pretty: true });
    expect(logicalCall(listTool, { limit: 5, pretty: false }).query).toEqual({ limit: 5 });
  });
});
