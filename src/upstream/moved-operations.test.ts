// An operation the newer document serves at another method or path under the same operationId (`/v1/zqkeys/{serial}`
// → `/v2/zqkeys/{zqserial}`): `upstream` called it gone (api-removed) and `--accept` cut it out, so generate refused a
// tool whose operation the newer document still has. The comparison names the move and compares the operation at its
// new place; the re-cut carries it, a header line says so; a path parameter named otherwise at its place follows; its
// name given to an operation the older cut had, or to several, is no move.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { documentChanges, type DocumentSet } from "../changes/document-diff.js";
import { recut } from "./recut.js";
import { tightenManifest } from "./tighten.js";

type Json = Record<string, unknown>;

const keyGet = (path: string, param: string, operationId = "zqGetKey", extra: Json[] = []): Json => ({
  [path]: {
    get: {
      operationId,
      parameters: [{ name: param, in: "path", required: true, schema: { type: "string", maxLength: 40 } }, ...extra],
      responses: { "200": { description: "ok" } },
    },
  },
});

const documentOf = (...items: Json[]): Json => ({
  openapi: "3.0.3",
  info: { title: "zqkeys", version: "1" },
  paths: Object.assign({}, ...items),
});

const OLDER = documentOf(keyGet("/v1/zqkeys/{serial}", "serial"), keyGet("/v1/zqlist", "zqp", "zqListKeys"));
const EXPAND = { name: "zqexpand", in: "query", schema: { type: "boolean" } };
const MOVED = documentOf(
  keyGet("/v2/zqkeys/{zqserial}", "zqserial", "zqGetKey", [EXPAND]),
  keyGet("/v1/zqlist", "zqp", "zqListKeys"),
);
const CALLED = [{ method: "get", path: "/v1/zqkeys/{serial}", operationId: "zqGetKey" }];
const one = (doc: Json): DocumentSet => ({ root: "zqkeys.json", files: new Map([["zqkeys.json", doc]]) });

describe("an operation moved to another path under its operationId", () => {
  it("is a path change, its operation compared at its new place", () => {
    const changes = documentChanges(one(OLDER), one(MOVED), [{ method: "GET", path: "/v1/zqkeys/{serial}" }]);
    // Its path parameter renamed at the same place ({serial} → {zqserial}): the same value on the wire, a rename.
    expect(changes.map((c) => c.kind)).toEqual([
      "api-path-changed",
      "request-parameter-renamed",
      "new-optional-request-parameter",
    ]);
    expect(changes[0]).toMatchObject({
      severity: "breaking",
      old: "GET /v1/zqkeys/{serial}",
      new: "GET /v2/zqkeys/{zqserial}",
    });
  });

  it("is followed by the re-cut, said in its header, and its renamed path parameter by the manifest", () => {
    const cut = recut(JSON.stringify(OLDER), MOVED, CALLED, "zqkeys-2.json", "0".repeat(64));
    expect(cut.missing).toEqual([]);
    expect(cut.moved).toEqual(["GET /v1/zqkeys/{serial} → GET /v2/zqkeys/{zqserial} (zqGetKey)"]);
    expect(cut.text).toMatch(/^# Moved in the newer document, followed by their operationId: GET \/v1/m);
    expect(Object.keys(parse(cut.text.replace(/^#.*\n/gm, "")).paths)).toEqual(["/v2/zqkeys/{zqserial}"]);
    const manifest =
      "provider: zqkeys\noperations:\n  zqkeys_get:\n    operationId: zqGetKey\n    title: Get a key\n    params:\n" +
      "      serial: { type: string, required: true, maxLength: 40, wire: { in: path } }\n";
    const tightened = tightenManifest(manifest, cut.text, "openapi.yaml", JSON.stringify(OLDER));
    const get = parse(tightened.text).operations.zqkeys_get;
    expect(get.operationId).toBe("zqGetKey");
    expect(get.params.serial.wire).toEqual({ in: "path", name: "zqserial" });
  });

  it("is no move where its name goes to an operation the older cut had, or to several", () => {
    const reused = documentOf(keyGet("/v1/zqlist", "zqp", "zqGetKey"));
    const twice = documentOf(keyGet("/v2/zqkeys/{serial}", "serial"), keyGet("/v3/zqkeys/{serial}", "serial"));
    for (const newer of [reused, twice]) {
      const cut = recut(JSON.stringify(OLDER), newer, CALLED, "zqkeys-2.json", "0".repeat(64));
      expect(cut.moved).toEqual([]);
      expect(cut.missing).toEqual(["GET /v1/zqkeys/{serial}"]);
      const changes = documentChanges(one(OLDER), one(newer), [{ method: "GET", path: "/v1/zqkeys/{serial}" }]);
      expect(changes.map((c) => c.kind)).toEqual(["api-removed"]);
    }
  });
  // An OAuth server's version history: `GET /clients` `listOAuth2Clients` became `GET /admin/clients`
  // `adminListOAuth2Clients` (and 31 more alike): every tool calling one was gone.
  it("is followed under a prefix with a name of its words, the manifest's operationId following", () => {
    const older = documentOf(keyGet("/zqclients/{id}", "id", "zqGetClient"), keyGet("/zqlist", "zqp", "zqListKeys"));
    const newer = documentOf(
      keyGet("/admin/zqclients/{id}", "id", "zqAdminGetClient"),
      keyGet("/zqlist", "zqp", "zqListKeys"),
    );
    const bound = [{ method: "GET", path: "/zqclients/{id}" }];
    expect(documentChanges(one(older), one(newer), bound)[0]).toMatchObject({
      kind: "api-path-changed",
      new: "GET /admin/zqclients/{id}",
    });
    const called = [{ method: "get", path: "/zqclients/{id}", operationId: "zqGetClient" }];
    const cut = recut(JSON.stringify(older), newer, called, "zqkeys-2.json", "0".repeat(64));
    expect(cut.moved).toEqual([
      "GET /zqclients/{id} → GET /admin/zqclients/{id} (zqGetClient, named zqAdminGetClient)",
    ]);
    const manifest =
      "provider: zqkeys\noperations:\n  zqkeys_client:\n    operationId: zqGetClient\n    title: Get a client\n" +
      "    params:\n      id: { type: string, required: true, maxLength: 40, wire: { in: path } }\n";
    const tightened = tightenManifest(manifest, cut.text, "openapi.yaml", JSON.stringify(older));
    expect(parse(tightened.text).operations.zqkeys_client.operationId).toBe("zqAdminGetClient");
    // A name of other words, or another method, is no move: the operation is gone.
    for (const other of [
      documentOf(keyGet("/admin/zqclients/{id}", "id", "zqFetchTenant")),
      documentOf({ "/admin/zqclients/{id}": { delete: { operationId: "zqAdminGetClient", responses: {} } } }),
    ]) {
      expect(recut(JSON.stringify(older), other, called, "zqkeys-2.json", "0".repeat(64)).missing).toEqual([
        "GET /zqclients/{id}",
      ]);
      expect(documentChanges(one(older), one(other), bound).map((c) => c.kind)).toEqual(["api-removed"]);
    }
  });
});
