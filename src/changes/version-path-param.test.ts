// An API version moved from the server's address into the paths, compared between two versions of a made-up document
// (`zqthings`): `https://zq.example.test/v4` with `/zqthings/{thingId}`, then `https://zq.example.test` with
// `/{zqVersion}/zqthings/{thingId}`, `zqVersion` a path parameter defaulting to `v4` (a published cloud API's rework of
// its document did so to every operation). The address a call goes to is the same; `upstream` said most operations
// were gone, the others moved with their path parameters shifted (`thingId` renamed `zqVersion`, a new required
// `thingId`, a type changed) and the server changed.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqthings.yaml", files: new Map([["zqthings.yaml", doc]]) });
const thingId = { name: "thingId", in: "path", required: true, schema: { type: "integer" } };
const ok = { "200": { description: "ok" } };

const older: Json = {
  openapi: "3.0.3",
  servers: [{ url: "https://zq.example.test/v4" }],
  paths: {
    "/zqthings": { post: { operationId: "createZqThing", responses: ok } },
    "/zqthings/{thingId}": { get: { operationId: "getZqThing", parameters: [thingId], responses: ok } },
  },
};

function newer(version: Json): Json {
  const zqVersion = { name: "zqVersion", in: "path", required: true, schema: { type: "string", ...version } };
  return {
    openapi: "3.0.3",
    servers: [{ url: "https://zq.example.test" }],
    paths: {
      "/{zqVersion}/zqthings": { post: { operationId: "post-zq-thing", parameters: [zqVersion], responses: ok } },
      "/{zqVersion}/zqthings/{thingId}": {
        parameters: [zqVersion],
        get: { operationId: "get-zq-thing", parameters: [thingId], responses: ok },
      },
      "/{zqVersion}/zqboxes/{boxId}/zqthings": { post: { operationId: "post-zq-box-thing", responses: ok } },
    },
  };
}

const BOUND = [
  { method: "POST", path: "/zqthings" },
  { method: "GET", path: "/zqthings/{thingId}" },
];
const changes = (a: Json, b: Json) =>
  documentChanges(one(a), one(b), BOUND).map((c) => `${c.severity} ${c.kind} ${c.method} ${c.path} ${c.pointer}`);

describe("an API version moved from the server into the paths as a parameter defaulting to it", () => {
  it("is the same address: each operation compared at its new path, its parameters at their places", () => {
    expect(changes(older, newer({ default: "v4", enum: ["v4", "v4beta"] }))).toEqual([
      "informational api-operation-id-changed POST /zqthings ",
      "non-breaking new-optional-request-parameter POST /zqthings zqVersion",
      "informational api-operation-id-changed GET /zqthings/{thingId} ",
      "non-breaking new-optional-request-parameter GET /zqthings/{thingId} zqVersion",
    ]);
  });

  it("a version parameter defaulting to another version, or to none, moves the address", () => {
    for (const version of [{ default: "v5" }, {}, { default: "v4", enum: ["v5"] }])
      expect(changes(older, newer(version))).toContain("breaking api-removed POST /zqthings ");
  });
});
