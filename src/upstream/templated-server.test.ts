// A document whose server address is all variables, scheme included (`{protocol}://{hostname}:{port}`, a self-hosted
// vector database's): its path was read as that whole text made relative (`/%7Bprotocol%7D://…`), so that no
// operation our tools call was found under it, and `upstream` reported "0 changes" to a newer version that added a
// required parameter. A server's path leaves its scheme and authority out however they are written.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { DocumentSet } from "../changes/document-diff.js";
import { upstreamChanges } from "./changes.js";
import { serverPathOf } from "./facts.js";

type Json = Record<string, unknown>;

const tool = irFixture("shelf").operations.map((op) => op.tool)[0];
if (!tool) throw new Error("the shelf fixture has a tool");
const one = (doc: Json): DocumentSet => ({ root: "zqshelf.json", files: new Map([["zqshelf.json", doc]]) });

function doc(url: string, parameters: unknown[] = []): Json {
  return {
    openapi: "3.0.1",
    servers: [{ url, variables: { protocol: { default: "http" }, hostname: { default: "zq.invalid" } } }],
    paths: {
      [tool?.path ?? ""]: {
        [(tool?.method ?? "get").toLowerCase()]: {
          operationId: "zqOp",
          parameters,
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };
}

describe("a server address written with variables", () => {
  it("has the path after its scheme and authority, however they are written", () => {
    const path = (url: string) => serverPathOf({ servers: [{ url }] });
    expect(path("{protocol}://{hostname}:{port}")).toBe("");
    expect(path("{scheme}://{host}/zq/v2/")).toBe("/zq/v2");
    expect(path("https://{region}.zq.invalid/v1/{tenant}")).toBe("/v1/{tenant}");
    expect(path("https://zq.invalid/api?x=1")).toBe("/api");
    expect(path("//zq.invalid/v3")).toBe("/v3");
    expect(path("/v4")).toBe("/v4");
  });

  it("finds a tool's operation in both versions: a newer version's required parameter is reported", async () => {
    for (const url of ["{protocol}://{hostname}:{port}", "{protocol}://{hostname}/zq"]) {
      const older = doc(url);
      const required = { name: "zq_view", in: "query", required: true, schema: { type: "string" } };
      const { changes } = await upstreamChanges(one(older), one(doc(url, [required])), [tool], serverPathOf(older));
      expect(changes.map((c) => [c.kind, c.location, c.pointer])).toEqual([
        ["new-required-request-parameter", "request.parameter.query", "zq_view"],
      ]);
    }
  });
});
