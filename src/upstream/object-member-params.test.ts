// A tool's parameter named like a member every JavaScript object has (`constructor`, `toString`): `upstream` reads its
// wire as any other's. Its place was looked up in a plain record of the operation's wires (or a route's), which found
// Object's function, so the parameter was bound nowhere and a change to it touched nothing of the tool's.
import { describe, expect, it } from "vitest";
import { bareTool } from "../../test-support/runtime/bare-tool.js";
import type { DocumentSet } from "../changes/document-diff.js";
import { upstreamChanges } from "./changes.js";
import { bindingOf } from "./drift.js";

const param = (name: string, wire: object) => ({ name, type: "string", required: false, secret: false, wire });
const tool = bareTool("zq_find", {
  path: "/zqfind",
  server: { default: "https://api.zqfind.test", hosts: ["api.zqfind.test"] },
  params: [param("constructor", { in: "query", name: "constructor" }), param("toString", { in: "query", name: "to" })],
} as unknown as Parameters<typeof bareTool>[1]);

/** A document of the tool's operation, its query parameter `constructor` of `type`. */
const doc = (type: string): DocumentSet => ({
  root: "zqfind.yaml",
  files: new Map([
    [
      "zqfind.yaml",
      {
        openapi: "3.0.3",
        paths: {
          "/zqfind": {
            get: {
              operationId: "zqFind",
              parameters: [
                { name: "constructor", in: "query", schema: { type } },
                { name: "to", in: "query", schema: { type: "string" } },
              ],
              responses: { "200": { description: "ok" } },
            },
          },
        },
      },
    ],
  ]),
});

describe("a parameter named like an object's member", () => {
  it("is bound at its place", () => {
    expect([...bindingOf([tool]).params.values()].map((places) => [...places])).toEqual([
      ["query:constructor", "query:to"],
    ]);
  });

  it("is touched by a change to its place", async () => {
    const { changes } = await upstreamChanges(doc("string"), doc("integer"), [tool], "");
    expect(changes.map((c) => [c.location, c.pointer, c.binds])).toEqual([
      ["request.parameter.query", "constructor", ["param constructor"]],
    ]);
  });
});
