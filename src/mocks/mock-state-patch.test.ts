// An update's body applied by its media type on the stateful mock (requests/patched.ts): a JSON merge patch (RFC 7396)
// removes a field it sends null, merges an object into the record's at every depth and replaces a list; a JSON Patch
// (RFC 6902) applies its operations, all or none; a plain JSON body replaces each field it sends whole. Before, every
// body was read as the last: a merge patch's null and its partial object left the record as it was. In an OpenAPI 3.1
// document, and for a merge patch whose schema is a union (`oneOf`) of the record's shapes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startMocks } from "./mocks.js";
import { jsonPatched, mergedValue, patchReading } from "./requests/patched.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-mock-patch-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
/** A resource at `/<name>`: create, read (404 when gone), update by PATCH with `patch` as its content. */
const resource = (name: string, record: string, create: unknown, patch: unknown) => ({
  [`/${name}`]: {
    post: {
      operationId: `create_${name}`,
      requestBody: { required: true, content: json(create) },
      responses: { "201": { description: "Made.", content: json(ref(record)) } },
    },
  },
  [`/${name}/{id}`]: {
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
    get: {
      operationId: `get_${name}`,
      responses: { "200": { description: "It.", content: json(ref(record)) }, "404": { description: "None." } },
    },
    patch: {
      operationId: `update_${name}`,
      requestBody: { required: true, content: patch },
      responses: { "200": { description: "Changed.", content: json(ref(record)) } },
    },
  },
});

const zqDoc = {
  type: "object",
  required: ["id", "title", "meta"],
  properties: {
    id: { type: "string", readOnly: true },
    title: { type: "string" },
    note: { type: "string" },
    meta: {
      type: "object",
      required: ["lang"],
      properties: { lang: { type: "string" }, pages: { type: "integer" } },
      additionalProperties: false,
    },
    tags: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};
const zqShape = {
  oneOf: [ref("ZqCircle"), ref("ZqSquare")],
  discriminator: { propertyName: "kind" },
};
const shapeOf = (kind: string, size: string) => ({
  type: "object",
  required: ["id", "kind", size],
  properties: {
    id: { type: "string", readOnly: true },
    kind: { type: "string", enum: [kind] },
    [size]: { type: "integer" },
  },
  additionalProperties: false,
});
const document = {
  openapi: "3.1.0",
  info: { title: "zqdocs", version: "1" },
  servers: [{ url: "https://api.zqdocs.invalid" }],
  paths: {
    ...resource("zqdocs", "ZqDoc", ref("ZqDoc"), {
      "application/merge-patch+json": { schema: ref("ZqDoc") },
      "application/json-patch+json": {
        schema: {
          type: "array",
          items: {
            type: "object",
            required: ["op", "path"],
            properties: { op: { type: "string" }, path: { type: "string" }, from: { type: "string" }, value: {} },
          },
        },
      },
      "application/json": {
        schema: { type: "object", properties: { title: { type: "string" }, meta: ref("ZqDoc/properties/meta") } },
      },
    }),
    ...resource("zqshapes", "ZqShape", ref("ZqShape"), { "application/merge-patch+json": { schema: ref("ZqShape") } }),
  },
  components: {
    schemas: {
      ZqDoc: zqDoc,
      ZqShape: zqShape,
      ZqCircle: shapeOf("circle", "radius"),
      ZqSquare: shapeOf("square", "side"),
    },
  },
};

async function withMock(
  use: (
    call: (
      method: string,
      path: string,
      type?: string,
      body?: unknown,
    ) => Promise<{ status: number; body: Record<string, unknown>; violations: string | null }>,
  ) => Promise<void>,
) {
  mkdirSync(join(work, "zqdocs"), { recursive: true });
  writeFileSync(join(work, "zqdocs", "openapi.yaml"), JSON.stringify(document));
  const mocks = await startMocks(["zqdocs"], { specsDir: work, logLevel: "silent", state: {} });
  try {
    const base = mocks.urls.zqdocs as string;
    await use(async (method, path, type = "application/json", body = undefined) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { "content-type": type },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? JSON.parse(text) : undefined,
        violations: res.headers.get("sl-violations"),
      };
    });
  } finally {
    await mocks.close();
  }
}

describe("an update on the stateful mock, by its media type", () => {
  it("applies a merge patch (null removes, an object merges), a JSON Patch, a JSON body's fields", async () => {
    await withMock(async (call) => {
      const made = await call("POST", "/zqdocs", "application/json", {
        title: "zq first",
        note: "zq note",
        meta: { lang: "en", pages: 3 },
        tags: ["zq-a", "zq-b"],
      });
      expect(made).toMatchObject({ status: 201, violations: null });
      const id = String(made.body.id);
      const record = { id, title: "zq first", note: "zq note", meta: { lang: "en", pages: 3 }, tags: ["zq-a", "zq-b"] };
      expect(made.body).toEqual(record);

      // RFC 7396: the note removed, meta's pages changed and its lang kept, the list replaced.
      const merge = { note: null, meta: { pages: 4 }, tags: ["zq-c"] };
      const merged = await call("PATCH", `/zqdocs/${id}`, "application/merge-patch+json", merge);
      expect(merged).toMatchObject({ status: 200, violations: null });
      const afterMerge = { id, title: "zq first", meta: { lang: "en", pages: 4 }, tags: ["zq-c"] };
      expect(merged.body).toEqual(afterMerge);
      expect((await call("GET", `/zqdocs/${id}`)).body).toEqual(afterMerge);

      // RFC 6902: each operation in order.
      const ops = [
        { op: "test", path: "/meta/lang", value: "en" },
        { op: "replace", path: "/title", value: "zq second" },
        { op: "add", path: "/tags/-", value: "zq-d" },
        { op: "remove", path: "/meta/pages" },
      ];
      const patched = await call("PATCH", `/zqdocs/${id}`, "application/json-patch+json", ops);
      expect(patched).toMatchObject({ status: 200, violations: null });
      const afterPatch = { id, title: "zq second", meta: { lang: "en" }, tags: ["zq-c", "zq-d"] };
      expect((await call("GET", `/zqdocs/${id}`)).body).toEqual(afterPatch);
      // A failing test, a path to nothing, a record its schema refuses (a required field removed) or another id:
      // none of the operations applied.
      for (const failing of [
        [
          { op: "replace", path: "/title", value: "zq no" },
          { op: "test", path: "/meta/lang", value: "fr" },
        ],
        [
          { op: "replace", path: "/title", value: "zq no" },
          { op: "remove", path: "/zqMissing" },
        ],
        [{ op: "remove", path: "/meta/lang" }],
        [{ op: "replace", path: "/id", value: "zq-other" }],
      ]) {
        await call("PATCH", `/zqdocs/${id}`, "application/json-patch+json", failing);
        expect((await call("GET", `/zqdocs/${id}`)).body).toEqual(afterPatch);
      }

      // Plain JSON: each field sent replaces the record's whole (meta's lang changed, no pages merged back).
      const plain = await call("PATCH", `/zqdocs/${id}`, "application/json", { meta: { lang: "fr" } });
      expect(plain).toMatchObject({ status: 200, violations: null });
      expect((await call("GET", `/zqdocs/${id}`)).body).toEqual({ ...afterPatch, meta: { lang: "fr" } });
      await call("PATCH", `/zqdocs/${id}`, "application/merge-patch+json", { meta: { pages: 9 } });
      expect((await call("GET", `/zqdocs/${id}`)).body).toEqual({ ...afterPatch, meta: { lang: "fr", pages: 9 } });
    });
  });

  it("merges a patch whose schema is a union of the record's shapes, a field of one without the tag", async () => {
    await withMock(async (call) => {
      const made = await call("POST", "/zqshapes", "application/json", { kind: "circle", radius: 2 });
      expect(made).toMatchObject({ status: 201, violations: null, body: { kind: "circle", radius: 2 } });
      const id = String(made.body.id);
      const changed = await call("PATCH", `/zqshapes/${id}`, "application/merge-patch+json", { radius: 5 });
      expect(changed).toMatchObject({ status: 200, violations: null });
      expect((await call("GET", `/zqshapes/${id}`)).body).toEqual({ id, kind: "circle", radius: 5 });
      // A field of the other shape: the record would be neither, so it stays as it was.
      await call("PATCH", `/zqshapes/${id}`, "application/merge-patch+json", { side: 3 });
      expect((await call("GET", `/zqshapes/${id}`)).body).toEqual({ id, kind: "circle", radius: 5 });
    });
  });
});

describe("the readings of an update's body", () => {
  it("are told by the media type, parameters and case aside", () => {
    expect(patchReading("application/merge-patch+json; charset=utf-8")).toBe("merge-patch");
    expect(patchReading("Application/JSON-Patch+JSON")).toBe("json-patch");
    expect(patchReading("application/json")).toBe("fields");
    expect(patchReading("application/x-www-form-urlencoded")).toBe("fields");
  });

  it("leave the value given as it was, and refuse a prototype's keys and what is no list of operations", () => {
    const value = { a: { b: 1, c: [1] } };
    expect(mergedValue(value.a, { b: null, d: { e: 2 } })).toEqual({ c: [1], d: { e: 2 } });
    expect(mergedValue(value.a, null)).toBeUndefined();
    expect(jsonPatched(value, [{ op: "add", path: "", value: { z: 1 } }])).toEqual({ z: 1 });
    expect(jsonPatched(value, [{ op: "copy", from: "/a/b", path: "/a/f" }])).toEqual({ a: { b: 1, c: [1], f: 1 } });
    expect(value).toEqual({ a: { b: 1, c: [1] } });
    expect(jsonPatched(value, { op: "remove", path: "/a" })).toBeUndefined();
    expect(jsonPatched(value, [{ op: "remove", path: "a" }])).toBeUndefined();
    expect(jsonPatched(value, [{ op: "add", path: "/__proto__/zqPolluted", value: 1 }])).toBeUndefined();
    mergedValue({}, JSON.parse('{"__proto__": {"zqPolluted": 1}}'));
    expect(({} as Record<string, unknown>).zqPolluted).toBeUndefined();
  });
});
