// What of a tool's a published change touches: a security change touches
// its auth only for a scheme that sends a credential as the tool sends its
// own; each change names the operation as the document does.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { DocumentSet } from "../changes/document-diff.js";
import { upstreamChanges } from "./changes.js";

type Json = Record<string, unknown>;

const tool = irFixture("shelf")
  .operations.map((op) => op.tool)
  .find((t) => t.auth.type === "header" && t.method === "POST");
if (!tool) throw new Error("the shelf fixture has a POST tool whose key goes in a header");
const one = (doc: Json): DocumentSet => ({ root: "zqshelf.yaml", files: new Map([["zqshelf.yaml", doc]]) });

/**
 * A document of the tool's operation, taking the tool's key header or an OAuth token with `scopes`; `header` names the
 * key's header.
 */
function doc(scopes: string[], header = tool?.auth.type === "header" ? tool.auth.name : ""): Json {
  return {
    openapi: "3.0.3",
    paths: {
      [tool?.path ?? ""]: {
        post: {
          operationId: "zqAddBook",
          security: [{ zqKey: [] }, { zqOauth: scopes }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: {
      securitySchemes: {
        zqKey: { type: "apiKey", in: "header", name: header },
        zqOauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://zq.invalid/token", scopes: {} } } },
      },
    },
  };
}

describe("upstreamChanges", () => {
  it(
    "a scope added to an OAuth scheme does not touch a tool whose credential is a key in a header; " +
      "the key's header renamed does",
    async () => {
      const { changes } = await upstreamChanges(
        one(doc(["books:write"])),
        one(doc(["books:write", "shelves:read"])),
        [tool],
        "",
      );
      expect(changes.map((c) => [c.kind, c.pointer, c.binds])).toEqual([["api-security-scope-added", "zqOauth", []]]);
      const renamed = await upstreamChanges(
        one(doc(["books:write"])),
        one(doc(["books:write"], "X-Zq-Other")),
        [tool],
        "",
      );
      expect(renamed.changes.map((c) => [c.kind, c.pointer, c.binds])).toEqual([
        ["api-security-scheme-changed", "zqKey", ["auth"]],
      ]);
    },
  );

  it("names each change's operation by the document's operationId, never by its method and path", async () => {
    const { changes, called } = await upstreamChanges(one(doc([])), one(doc(["books:write"])), [tool], "");
    expect(changes[0]).toMatchObject({ operationId: "zqAddBook", method: "POST", path: tool.path, tools: [tool.id] });
    expect([...called]).toEqual([`POST ${tool.path.replace(/\{[^}]*\}/g, "{}")}`]);
  });

  it("a change inside a named body field does not touch the parameter holding the object's other fields", async () => {
    const param = (name: string, wire: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
      name,
      title: name,
      description: name,
      required: false,
      secret: false,
      visibility: "user-or-llm" as const,
      wire,
      ...more,
    });
    const withBody = {
      ...tool,
      params: [
        param("zqTitle", { in: "body", pointer: "/title" }, { type: "string" }),
        param("zqExtra", { in: "body", pointer: "", otherFields: true }, { type: "json", jsonType: "object" }),
      ],
    } as typeof tool;
    const bodied = (title: string, others: string, more: Record<string, unknown> = {}): Json => {
      const d = doc([]);
      const post = ((d.paths as Json)[tool.path] as Json).post as Json;
      post.requestBody = {
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { title: { type: title }, ...more },
              additionalProperties: { type: others },
            },
          },
        },
      };
      return d;
    };
    const binds = async (newer: Json) =>
      (await upstreamChanges(one(bodied("string", "string")), one(newer), [withBody], "")).changes.map((c) => [
        c.pointer,
        c.binds,
      ]);
    expect(await binds(bodied("integer", "string"))).toEqual([["/title", ["param zqTitle"]]]);
    expect(await binds(bodied("string", "integer"))).toEqual([["/{}", ["param zqExtra"]]]);
    expect(await binds(bodied("string", "string", { zqSubtitle: { type: "string" } }))).toEqual([
      ["/zqSubtitle", ["param zqExtra"]],
    ]);
  });

  it("a checked format added to a value a parameter sends is breaking; to one none sends, informational", async () => {
    const zqTitle = { name: "zqTitle", title: "T", description: "T", required: false, secret: false };
    const withTitle = {
      ...tool,
      params: [{ ...zqTitle, visibility: "user-or-llm" as const, wire: { in: "body", pointer: "/title" } }],
    } as typeof tool;
    const bodied = (format?: string): Json => {
      const d = doc([]);
      const text = { type: "string", ...(format ? { format } : {}) };
      const content = { "application/json": { schema: { type: "object", properties: { title: text, zqNote: text } } } };
      (((d.paths as Json)[tool.path] as Json).post as Json).requestBody = { content };
      return d;
    };
    const { changes } = await upstreamChanges(one(bodied()), one(bodied("url")), [withTitle], "");
    expect(changes.map((c) => [c.pointer, c.severity, c.binds])).toEqual([
      ["/title", "breaking", ["param zqTitle"]],
      ["/zqNote", "informational", []],
    ]);
    expect(changes[1]?.reason).toContain("no parameter of ours sends the value");
  });

  it("a field removed inside list items binds the list output and a poll trigger reading it, not a count", async () => {
    const output = (path: string, pointer: string[], more: Record<string, unknown> = {}) => ({
      path,
      type: "array" as const,
      description: path,
      optional: true,
      source: { expression: `$response.body#/${pointer.join("/")}`, ref: { kind: "body" as const, pointer }, ...more },
    });
    const listing = {
      ...tool,
      outputs: [output("data", ["zqgrants"]), output("metadata.count", ["zqgrants"], { count: true })],
    } as typeof tool;
    const answered = (item: Json, grants: Json = { type: "array", items: item }): Json => {
      const d = doc([]);
      const post = ((d.paths as Json)[tool.path] as Json).post as Json;
      post.responses = {
        "200": {
          description: "ok",
          content: { "application/json": { schema: { type: "object", properties: { zqgrants: grants } } } },
        },
      };
      return d;
    };
    const item = (fields: Json): Json => ({ type: "object", properties: { id: { type: "string" }, ...fields } });
    const older = answered(item({ zqofferId: { type: "string" } }));
    const binds = async (newer: Json) =>
      (await upstreamChanges(one(older), one(newer), [listing], "")).changes.map((c) => [c.pointer, c.binds]);
    expect(await binds(answered(item({})))).toEqual([["/zqgrants/*/zqofferId", ["output data"]]]);
    // A poll trigger finding new grants by their zqofferId: bound by its removal, not by another field's.
    const trigger = {
      id: "zqgrants_created",
      provider: "zqgrants",
      title: "New grants",
      description: "New grants.",
      operation: listing.id,
      inputs: {},
      params: [],
      items: "data",
      position: { kind: "since" as const, pointer: ["zqofferId"], type: "number" as const },
      intervalSeconds: 60,
      match: [],
      eventId: [["id"]],
      outputs: [],
    };
    const polled = async (newer: Json) =>
      (await upstreamChanges(one(older), one(newer), [listing], "", { pollTriggers: [trigger] })).changes.map((c) => [
        c.pointer,
        c.binds,
      ]);
    expect(await polled(answered(item({})))).toEqual([
      ["/zqgrants/*/zqofferId", ["output data", "trigger zqgrants_created"]],
    ]);
    expect(await polled(answered(item({ zqofferId: { type: "string" }, zqnote: { type: "string" } })))).toEqual([
      ["/zqgrants/*/zqnote", ["output data"]],
    ]);
    // The list itself gone: both read it.
    expect(await binds(answered(item({}), { type: "string" }))).toContainEqual([
      "/zqgrants",
      ["output data", "output metadata.count"],
    ]);
  });

  it("an answer's header removed binds the output read from it, whatever the case of its name", async () => {
    const read = {
      ...tool,
      outputs: [
        {
          path: "metadata.location",
          type: "string" as const,
          description: "where",
          optional: true,
          source: { expression: "$response.header.Location", ref: { kind: "header" as const, name: "Location" } },
        },
      ],
    } as typeof tool;
    const answered = (headers: Json): Json => {
      const d = doc([]);
      const post = ((d.paths as Json)[tool.path] as Json).post as Json;
      post.responses = { "201": { description: "made", headers } };
      return d;
    };
    const older = answered({ location: { schema: { type: "string" } }, "X-Zq-Trace": { schema: { type: "string" } } });
    const { changes } = await upstreamChanges(one(older), one(answered({})), [read], "");
    expect(changes.map((c) => [c.kind, c.pointer, c.binds])).toEqual([
      ["response-header-removed", "location", ["output metadata.location"]],
      ["response-header-removed", "x-zq-trace", []],
    ]);
  });
});
