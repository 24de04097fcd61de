// A resource updated by a JSON merge patch (RFC 7396) in an OpenAPI 3.1 document (`type: [string, "null"]`), and one
// whose merge patch's schema is a union (`oneOf` of the record's shapes, a discriminator): what add drafts, what the
// request judge takes and refuses, and the round trip on the stateful mock, whose get after the update shows the
// change. The mock applies the patch as RFC 7396 says (requests/patched.ts): a null removes the field, an object is
// merged into the record's; before, both left the record as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { requestJudge } from "../judge/judge.js";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { type DraftedOnMock, casesNotPassed, draftedOnMock, runOnMock } from "./__fixtures__/drafted-subject.js";
import { roundTripCases } from "./kinds/round-trip.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const MERGE = "application/merge-patch+json";
/** A resource at `/<name>`: create, read (404 once gone), a merge patch of `patch`, delete. */
const resource = (name: string, record: string, create: unknown, patch: unknown, idParam: string) => {
  const byId = [{ name: idParam, in: "path", required: true, schema: { type: "string" } }];
  return {
    [`/${name}`]: {
      post: {
        operationId: `zqCreate_${name}`,
        requestBody: { required: true, content: { "application/json": { schema: create } } },
        responses: { "201": reply(ref(record)) },
      },
    },
    [`/${name}/{${idParam}}`]: {
      get: {
        operationId: `zqGet_${name}`,
        parameters: byId,
        responses: { "200": reply(ref(record)), "404": { description: "None." } },
      },
      patch: {
        operationId: `zqPatch_${name}`,
        parameters: byId,
        requestBody: { required: true, content: { [MERGE]: { schema: patch } } },
        responses: { "200": reply(ref(record)) },
      },
      delete: { operationId: `zqDelete_${name}`, parameters: byId, responses: { "204": { description: "Gone." } } },
    },
  };
};

const zqBook = {
  type: "object",
  additionalProperties: false,
  required: ["id", "title", "meta"],
  properties: {
    id: { type: "string", readOnly: true },
    title: { type: "string", maxLength: 40 },
    subtitle: { type: ["string", "null"], maxLength: 40 },
    meta: {
      type: "object",
      additionalProperties: false,
      required: ["lang"],
      properties: { lang: { type: "string", enum: ["en", "fr"] }, pages: { type: "integer", minimum: 1 } },
    },
  },
};
const shapeOf = (kind: string, size: string) => ({
  type: "object",
  additionalProperties: false,
  required: ["id", "kind", size],
  properties: {
    id: { type: "string", readOnly: true },
    kind: { type: "string", enum: [kind] },
    [size]: { type: "integer", minimum: 1 },
  },
});
const zqShape = { oneOf: [ref("ZqCircle"), ref("ZqSquare")], discriminator: { propertyName: "kind" } };
const document = openapi(
  {
    ...resource("zqbooks", "ZqBook", ref("ZqBook"), ref("ZqBook"), "zqBookId"),
    ...resource("zqshapes", "ZqShape", ref("ZqShape"), ref("ZqShape"), "zqShapeId"),
  },
  {
    schemas: {
      ZqBook: zqBook,
      ZqShape: zqShape,
      ZqCircle: shapeOf("circle", "radius"),
      ZqSquare: shapeOf("square", "side"),
    },
  },
  { openapi: "3.1.0" },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  const operations = ["zqbooks", "zqshapes"].flatMap((n) =>
    ["Create", "Get", "Patch", "Delete"].map((o) => `zq${o}_${n}`),
  );
  on = await draftedOnMock("zqpatches", document, operations, { stateful: true });
});
afterAll(async () => {
  await on?.close();
});

describe("a merge patch in an OpenAPI 3.1 document, and one whose schema is a union", () => {
  it("is drafted with every field optional; the union as one JSON body", () => {
    const { subject } = on as DraftedOnMock;
    const params = (op: string) =>
      Object.fromEntries(
        (subject.tools.find((t) => t.operationId === op)?.params ?? []).map((p) => [p.name, p.required === true]),
      );
    expect(params("zqPatch_zqbooks")).toMatchObject({ zqBookId: true, title: false, subtitle: false, meta: false });
    // The union's patch: the whole body one JSON parameter (the document requires a body), any one shape's fields.
    expect(params("zqPatch_zqshapes")).toEqual({ accessToken: true, zqShapeId: true, body: true });
  });

  it("is judged as a patch: a field, a nested field, a null taken; a wrong type, value or field refused", () => {
    const { subject } = on as DraftedOnMock;
    const judge = requestJudge(subject.document as OpenApiDocument, { basePath: "", credential: "form" });
    const refusals = (path: string, body: unknown) =>
      judge({
        method: "PATCH",
        url: `https://api.acme.test${path}`,
        headers: new Headers({ "content-type": MERGE, authorization: "Bearer zq-token-0001" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals.map((r) => `${r.rule} ${r.pointer}`);
    expect(refusals("/zqbooks/b1", { meta: { pages: 4 } })).toEqual([]);
    expect(refusals("/zqbooks/b1", { subtitle: null, meta: { lang: null } })).toEqual([]);
    expect(refusals("/zqbooks/b1", { title: 5 })).toEqual(["schema /body/title"]);
    expect(refusals("/zqbooks/b1", { meta: { lang: "de" } })).toEqual(["schema /body/meta/lang"]);
    expect(refusals("/zqbooks/b1", { zqcolour: "red" })).toHaveLength(1);
    // The union: either shape's fields, the tag left out or named; a field of neither, or a wrong type, refused.
    expect(refusals("/zqshapes/s1", { radius: 5 })).toEqual([]);
    expect(refusals("/zqshapes/s1", { kind: "square", side: 2 })).toEqual([]);
    expect(refusals("/zqshapes/s1", { radius: "five" })).toHaveLength(1);
    expect(refusals("/zqshapes/s1", { zqcolour: "red" })).toHaveLength(1);
  });

  it("is applied by the stateful mock: a get after the patch shows it, null removing, objects merging", async () => {
    const { url } = on as DraftedOnMock;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          "content-type": method === "PATCH" ? MERGE : "application/json",
          authorization: "Bearer zq-token-0001",
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const made = await call("POST", "/zqbooks", {
      title: "zq one",
      subtitle: "zq sub",
      meta: { lang: "en", pages: 3 },
    });
    expect(made.status).toBe(201);
    const id = String(made.body.id);
    expect((await call("PATCH", `/zqbooks/${id}`, { subtitle: null, meta: { pages: 4 } })).status).toBe(200);
    expect((await call("GET", `/zqbooks/${id}`)).body).toEqual({ id, title: "zq one", meta: { lang: "en", pages: 4 } });

    const shape = await call("POST", "/zqshapes", { kind: "circle", radius: 2 });
    expect(shape.status).toBe(201);
    const shapeId = String(shape.body.id);
    expect((await call("PATCH", `/zqshapes/${shapeId}`, { radius: 5 })).status).toBe(200);
    expect((await call("GET", `/zqshapes/${shapeId}`)).body).toEqual({ id: shapeId, kind: "circle", radius: 5 });
  });

  it("passes each round trip, create → get → update → get → delete → get (404), and every other case", async () => {
    const { subject, url } = on as DraftedOnMock;
    const trips = roundTripCases(subject);
    expect(trips.map((c) => c.name)).toEqual([
      "round trip of /zqbooks: create → get → update → get → delete → get (404)",
      "round trip of /zqshapes: create → get → update → get → delete → get (404)",
    ]);
    await runOnMock(url, trips);
    // Every other case on the plain mock (the round trips, run above, need the stateful one).
    const others = await casesNotPassed(on as DraftedOnMock);
    expect(others.filter((c) => !c.includes("round trip of"))).toEqual([]);
  });
});
