// The generator's choice of the runtime's support parts per provider
// (emit-client.ts supportParts): exactly the parts its tools declare, on the
// committed IR of the shelf fixture. (A caller without a part: runtime/call/support.test.ts.)
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { supportParts } from "./emit-client.js";

const tools: Record<string, ToolSpec> = Object.fromEntries(
  irFixture("shelf").operations.map((o) => [o.tool.id, o.tool]),
);

describe("the support parts of a package", () => {
  it("the generator gives a package exactly the parts its tools declare", () => {
    const parts = (list: ToolSpec[]) => supportParts(list).map((p) => p.key);
    const all = Object.values(tools);
    // add_book: a JSON parameter, cross-field rules, a pattern and enums, a body, a POST, a constant; get_book: a
    // route; list_books: a switch parameter (a boolean) and its constants, a 404 read as an empty list.
    expect(parts(all)).toEqual([
      "json",
      "boolean",
      "rules",
      "strings",
      "bodies",
      "writes",
      "routes",
      "constants",
      "outcomes",
    ]);
    // Each part, declared by one tool of its own (get_book without its route declares none).
    const base: ToolSpec = { ...tools.shelf_get_book!, routes: [] };
    expect(parts([tools.shelf_get_book!])).toEqual(["routes"]);
    expect(parts([base])).toEqual([]);
    // an operation declares a problem+json error answer
    expect(supportParts([base], true).map((p) => p.key)).toEqual(["problems"]);
    expect(parts([{ ...base, rules: [{ rule: "exactlyOne", params: ["bookId"] }] }])).toEqual(["rules"]);
    expect(
      parts([
        { ...base, params: base.params.map((p) => (p.name === "bookId" ? { ...p, format: "uuid" as const } : p)) },
      ]),
    ).toEqual(["formats", "strings"]); // a format is checked with the string rules
    expect(
      parts([{ ...base, body: { mediaType: "application/x-www-form-urlencoded", encoding: "form", fields: {} } }]),
    ).toEqual(["form", "bodies"]); // a form body is a body
    // An XML body: the bodies that write XML too, and the check of what XML cannot carry before each call; a package
    // whose tools send no XML is given the plain bodies and no check.
    const xml: ToolSpec = { ...base, body: { mediaType: "text/xml", encoding: "xml", xml: { name: "zqRoot" } } };
    expect(supportParts([xml, tools.shelf_add_book!]).filter((p) => ["bodies", "partsCheck"].includes(p.key))).toEqual([
      { key: "bodies", name: "xmlBodies" },
      { key: "partsCheck", name: "xmlTextCheck" },
    ]);
    expect(supportParts([tools.shelf_add_book!]).find((p) => p.key === "bodies")?.name).toBe("requestBodies");
    expect(supportParts([tools.shelf_add_book!]).some((p) => p.key === "partsCheck")).toBe(false);
    expect(parts([{ ...base, rateLimits: { requestsPerMinute: 10 } }])).toEqual(["rateLimits"]);
    expect(parts([{ ...base, rateLimits: { resetHeader: "x-ratelimit-reset" } }])).toEqual(["waits"]);
    expect(parts([{ ...base, rateLimits: { pauseMs: 30_000, quota: { from: [], codes: ["daily"] } } }])).toEqual([
      "waits",
    ]);
    // a quota is read by the core
    expect(parts([{ ...base, rateLimits: { quota: { from: [], codes: ["daily"] } } }])).toEqual([]);
    expect(
      parts([{ ...base, params: [...base.params, { ...base.params[0]!, name: "cover", type: "file" as const }] }]),
    ).toEqual(["files"]);
    expect(parts([{ ...base, download: { status: 200, mediaTypes: ["application/pdf"] } }])).toEqual(["files"]);
    // A stream of server-sent events: the files support with their parser; a stream of JSON values, without it.
    const stream = { status: 200, mediaTypes: ["text/event-stream"], itemBytes: 1024 };
    const files = (tool: ToolSpec) => supportParts([tool]).find((p) => p.key === "files")?.name;
    expect(files({ ...base, stream: { ...stream, events: "json" } })).toBe("eventFileSupport");
    expect(files({ ...base, stream: { ...stream, mediaTypes: ["application/x-ndjson"] } })).toBe("fileSupport");
    const bookId = (change: Partial<ParamSpec>) => ({
      ...base,
      params: base.params.map((p) => (p.name === "bookId" ? ({ ...p, ...change } as ParamSpec) : p)),
    });
    expect(parts([bookId({ enum: ["b1", "b2"] })])).toEqual(["strings"]);
    expect(parts([bookId({ type: "boolean" })])).toEqual(["boolean"]);
    expect(parts([bookId({ pattern: "^b[0-9]+$" })])).toEqual(["strings"]);
    expect(parts([bookId({ separator: "," })])).toEqual(["strings"]);
    const zqOffset = {
      ...base.params[0]!,
      name: "zqOffset",
      type: "number" as const,
      secret: false,
      wire: { in: "query" as const, name: "offset" },
    };
    expect(parts([{ ...base, params: [...base.params, { ...zqOffset, multipleOf: 20 }] }])).toEqual(["numbers"]);
    expect(parts([{ ...base, params: [...base.params, { ...zqOffset, enum: [10, 20] }] }])).toEqual(["numbers"]);
    // bounds are the core's
    expect(parts([{ ...base, params: [...base.params, { ...zqOffset, minimum: 0, maximum: 100 }] }])).toEqual([]);
    expect(parts([{ ...base, constants: [{ in: "body", pointer: "/fields", value: "all" }] }])).toEqual([
      "bodies",
      "constants",
    ]);
    expect(parts([{ ...base, constants: [{ in: "header", name: "x-zq", value: "on" }] }])).toEqual(["constants"]);
    expect(parts([{ ...base, accept: "application/json" }])).toEqual(["constants"]); // the type the answer is asked in
    expect(
      parts([
        {
          ...base,
          params: [
            ...base.params,
            {
              ...base.params[0]!,
              name: "zqOn",
              type: "boolean" as const,
              secret: false,
              wire: { in: "switch" as const, whenTrue: [{ in: "query" as const, name: "on", value: true }] },
            },
          ],
        },
      ]),
    ).toEqual(["boolean", "constants"]);
    expect(parts([{ ...base, outcomes: [{ status: 404, description: "None.", outputs: [] }] }])).toEqual(["outcomes"]);
    expect(
      parts([
        {
          ...base,
          errors: {
            ...base.errors,
            failureWhen: [{ expression: "$response.body#/ok", ref: { kind: "body", pointer: ["ok"] }, equals: false }],
          },
        },
      ]),
    ).toEqual(["outcomes"]);
    expect(parts([bookId({ wire: { in: "body", pointer: "/id" } })])).toEqual(["bodies"]);
    // a value spanning path segments
    expect(parts([bookId({ wire: { in: "path", name: "bookId", multiSegment: true } })])).toEqual(["form"]);
    // A list in the body (split), without a bound on its items: a list with no items is not given, the strings
    // support's.
    expect(parts([bookId({ wire: { in: "body", pointer: "/ids", split: { separator: "," } } })])).toEqual([
      "strings",
      "bodies",
    ]);
    expect(parts([{ ...base, body: { mediaType: "application/json", encoding: "json", required: true } }])).toEqual([
      "bodies",
    ]);
    expect(parts([{ ...base, method: "DELETE" }])).toEqual(["writes"]);
    expect(parts([{ ...base, behavior: { idempotent: false } }])).toEqual(["writes"]);
    expect(parts([{ ...base, auth: { type: "basic", user: "bookId", param: "apiKey" } }])).toEqual(["credentials"]);
    expect(parts([{ ...base, auth: { ...base.auth, alternatives: [{ type: "bearer", param: "apiKey" }] } }])).toEqual([
      "credentials",
    ]);
    expect(parts([{ ...base, server: { ...base.server, requestHeadBytes: 8192 } }])).toEqual(["requestSize"]);
    // Pages a reply tells of (a cursor, a flag or a total saying when they end); an offset's and a page number's are
    // the core's.
    const zqPage = (
      next: NonNullable<ToolSpec["pagination"]>["next"],
      more: Partial<NonNullable<ToolSpec["pagination"]>> = {},
    ) => ({ ...base, pagination: { next, items: ["data"], ...more } });
    const zqCursor = { expression: "$response.body#/zqNext", ref: { kind: "body" as const, pointer: ["zqNext"] } };
    expect(parts([zqPage({ style: "cursor", cursor: zqCursor, send: { in: "query", name: "zqAfter" } })])).toEqual([
      "cursors",
    ]);
    expect(
      parts([zqPage({ style: "offset", send: { in: "query", name: "zqStart" }, start: 0 }, { total: zqCursor })]),
    ).toEqual(["cursors"]);
    expect(
      parts([
        zqPage(
          { style: "page", send: { in: "query", name: "zqPage" }, start: 1 },
          { more: { ...zqCursor, equals: true } },
        ),
      ]),
    ).toEqual(["cursors"]);
    expect(parts([zqPage({ style: "offset", send: { in: "query", name: "zqStart" }, start: 0 })])).toEqual([]);
  });
});
