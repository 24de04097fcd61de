// Where a bound operation is served, compared between two versions of a made-up document (`zqwidgets`): its first
// effective address (its own servers, its path's, the document's), variables at their defaults.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqwidgets.yaml", files: new Map([["zqwidgets.yaml", doc]]) });
const BOUND = [{ method: "GET", path: "/widgets" }];

function doc(servers: { root?: Json[]; item?: Json[]; op?: Json[] }): Json {
  return {
    openapi: "3.0.3",
    ...(servers.root ? { servers: servers.root } : {}),
    paths: {
      "/widgets": {
        ...(servers.item ? { servers: servers.item } : {}),
        get: {
          operationId: "listZqWidgets",
          ...(servers.op ? { servers: servers.op } : {}),
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };
}

const changes = (a: Json, b: Json) => documentChanges(one(a), one(b), BOUND);

describe("an operation's server, compared", () => {
  it("an operation's own server moved to another host is breaking, old and new given", () => {
    const root = [{ url: "https://zq.example.test/api" }];
    expect(
      changes(
        doc({ root, op: [{ url: "https://zq-a.example.test/v4" }] }),
        doc({ root, op: [{ url: "https://zq-b.example.test/v4/" }] }),
      ),
    ).toEqual([
      expect.objectContaining({
        kind: "api-server-changed",
        severity: "breaking",
        location: "server",
        pointer: "",
        method: "GET",
        path: "/widgets",
        operationId: "listZqWidgets",
        old: "https://zq-a.example.test/v4",
        new: "https://zq-b.example.test/v4",
      }),
    ]);
  });

  it("follows the path's and the document's servers where the operation has none, variables at defaults", () => {
    const region = (d: string) => [{ url: "https://{region}.zq.example.test", variables: { region: { default: d } } }];
    expect(changes(doc({ root: region("eu") }), doc({ root: region("us") }))).toEqual([
      expect.objectContaining({
        kind: "api-server-changed",
        old: "https://eu.zq.example.test",
        new: "https://us.zq.example.test",
      }),
    ]);
    expect(
      changes(
        doc({ root: region("eu"), item: [{ url: "/zq/v1" }] }),
        doc({ root: region("us"), item: [{ url: "/zq/v1" }] }),
      ),
    ).toEqual([]);
  });

  it("an old address still listed after a new first one is non-breaking, saying so", () => {
    const a = [{ url: "https://zq-a.example.test" }];
    const b = [{ url: "https://zq-b.example.test" }, ...a];
    expect(changes(doc({ root: a }), doc({ root: b }))).toEqual([
      expect.objectContaining({
        kind: "api-server-changed",
        severity: "non-breaking",
        reason: expect.stringContaining("still among the operation's servers"),
      }),
    ]);
  });

  it("one address with a trailing slash, a server added after it, or none in either: no change", () => {
    const a = [{ url: "https://zq-a.example.test/" }];
    expect(changes(doc({ root: a }), doc({ root: [{ url: "https://zq-a.example.test" }, { url: "/zq" }] }))).toEqual(
      [],
    );
    expect(changes(doc({}), doc({}))).toEqual([]);
  });

  it("a server path changed (`/v3` → `/v4`), paths as they were: each operation compared at its new place", () => {
    // Our spec's server path before the document's: the bound place is `/zq/v3/widgets`.
    const at = (v: string, fields: Json) => ({
      ...doc({ root: [{ url: `https://zq.example.test/zq/${v}` }] }),
      paths: {
        "/widgets": {
          get: {
            operationId: "listZqWidgets",
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { type: "object", properties: fields } } },
              },
            },
          },
        },
      },
    });
    const found = documentChanges(
      one(at("v3", { id: { type: "string" }, note: { type: "string" } })),
      one(at("v4", { id: { type: "string" } })),
      [{ method: "GET", path: "/zq/v3/widgets" }],
    );
    expect(found.map((c) => [c.kind, c.location, c.pointer, c.path])).toEqual([
      ["api-server-changed", "server", "", "/zq/v3/widgets"],
      ["response-property-removed", "response.200.body", "/note", "/zq/v3/widgets"],
    ]);
    expect(found[0]).toMatchObject({ old: "https://zq.example.test/zq/v3", new: "https://zq.example.test/zq/v4" });
  });
});
