// Shapes of documents generated from code that says less than a hand-written
// one: an operation that declares only its errors, a body that requires a
// field it does not describe, base64 text (format byte). Each is drafted so
// that generate links it and a call behaves as the upstream would expect.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

describe("an operation that declares only error answers", () => {
  const doc = openapi({
    "/zqlamps/{id}/off": {
      post: {
        operationId: "switchZqLampOff",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: { "401": { description: "Not signed in." }, "404": { description: "No such lamp." } },
      },
    },
  });

  it("gets an empty 200 in the cut, said in its header and a note, and links", async () => {
    const d = drafted(doc, ["switchZqLampOff"]);
    expect(d.openapiText).toMatch(
      new RegExp(
        String.raw`^# Added by blockwright add, not published: switchZqLampOff 200, with no body \(the document ` +
          String.raw`declares only error answers\)\.$`,
        "m",
      ),
    );
    expect(notesAt(d, "openapi").join("\n")).toContain("adds an empty 200 answer to switchZqLampOff");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("succeeds on a 2xx and fails on a declared error", async () => {
    const [tool] = await linkedTools(drafted(doc, ["switchZqLampOff"]));
    const call = (status: number) =>
      executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", id: "l1" },
        {
          baseUrl: "https://api.acme.test",
          fetch: async () => json(status === 200 ? undefined : { message: "no" }, status),
          retries: 0,
        },
      );
    expect(await call(200)).toMatchObject({ success: true });
    expect(await call(404)).toMatchObject({ success: false, error: { type: "upstream", status: 404 } });
  });

  it("is left as published when it declares a success of any kind", () => {
    for (const success of [
      ok,
      { "204": { description: "Done." } },
      { "2XX": { description: "Done." } },
      { "302": { description: "Moved." } },
      { default: { description: "Done." } },
    ]) {
      const d = drafted(
        openapi({
          "/zqlamps": {
            post: { operationId: "addZqLamp", responses: { ...success, "401": { description: "Not signed in." } } },
          },
        }),
        ["addZqLamp"],
      );
      expect(d.openapiText).not.toContain("declares only error answers");
    }
  });
});

describe("a request body that requires a field its schema does not list", () => {
  const body = (extra: Record<string, unknown> = {}) =>
    openapi({
      "/zqlamps": {
        post: {
          operationId: "addZqLamp",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["name", "zqColour"],
                  properties: { name: { type: "string" } },
                  ...extra,
                },
              },
            },
          },
          responses: ok,
        },
      },
    });

  it("drafts the field as a required parameter of any JSON value, with a note, and sends it", async () => {
    const d = drafted(body(), ["addZqLamp"]);
    const params = d.manifest.operations.acme_add_zq_lamp!.params!;
    expect(params.zqColour).toMatchObject({ type: "json", required: true, wire: { in: "body" } });
    expect(notesAt(d, "operations.acme_add_zq_lamp.params")).toContain(
      "the request body requires zqColour, which its schema does not list among its properties: drafted with no " +
        "type (json)",
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const { fetch, seen } = scriptedFetch(json({ id: "1" }));
    expect(
      await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", name: "desk", zqColour: { hue: 30 } },
        { baseUrl: "https://api.acme.test", fetch },
      ),
    ).toMatchObject({ success: true });
    expect(seen.map((r) => JSON.parse(r.body))).toEqual([{ name: "desk", zqColour: { hue: 30 } }]);
    expect(
      await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", name: "desk" },
        { baseUrl: "https://api.acme.test", fetch },
      ),
    ).toMatchObject({ success: false, error: { type: "validation" } });
    expect(seen).toHaveLength(1);
  });

  it("in a form body, drafts it as a required string (a form field's value is text) and sends it", async () => {
    const form = openapi({
      "/zqlamps": {
        post: {
          operationId: "addZqLamp",
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: { type: "object", required: ["zqColour"], properties: { name: { type: "string" } } },
              },
            },
          },
          responses: ok,
        },
      },
    });
    const d = drafted(form, ["addZqLamp"]);
    const params = d.manifest.operations.acme_add_zq_lamp!.params!;
    expect(params.zqColour).toMatchObject({ type: "string", required: true, wire: { in: "body" } });
    expect(notesAt(d, "operations.acme_add_zq_lamp.params")).toContain(
      "the request body requires zqColour, which its schema does not list among its properties: drafted with no " +
        "type (a string: a form field's value is text)",
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const { fetch, seen } = scriptedFetch(json({ id: "1" }));
    const call = { accessToken: "zq-token-0001", name: "desk", zqColour: "amber" };
    expect(await executeToolDefinition(tool!, call, { baseUrl: "https://api.acme.test", fetch })).toMatchObject({
      success: true,
    });
    expect(seen.map((r) => r.body)).toEqual(["name=desk&zqColour=amber"]);
  });

  it("drafts no such field when the schema allows no other field", () => {
    const d = drafted(body({ additionalProperties: false }), ["addZqLamp"]);
    expect(d.manifest.operations.acme_add_zq_lamp!.params!.zqColour).toBeUndefined();
  });
});

describe("a parameter of format byte (base64 text)", () => {
  const doc = openapi({
    "/zqlamps": {
      post: {
        operationId: "addZqLamp",
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { zqPicture: { type: "string", format: "byte" } } },
            },
          },
        },
        responses: ok,
      },
    },
  });

  it("is drafted with a pattern only base64 text matches, noted, and links", async () => {
    const d = drafted(doc, ["addZqLamp"]);
    const picture = d.manifest.operations.acme_add_zq_lamp!.params!.zqPicture!;
    expect(picture).toMatchObject({ type: "string", pattern: expect.any(String) });
    const base64 = new RegExp(String((picture as { pattern: string }).pattern), "u");
    for (const text of ["", "emFx", "emE=", "eg==", Buffer.from("zq lamp picture").toString("base64")])
      expect(base64.test(text), text).toBe(true);
    for (const text of ["zq lamp", "emE", "e===", "em=E"]) expect(base64.test(text), text).toBe(false);
    expect(notesAt(d, "operations.acme_add_zq_lamp.params.zqPicture")).toContain(
      "the spec gives format byte (base64 text, such as aGVsbG8=): drafted as a pattern its values match",
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const refused = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zqPicture: "not base64!" },
      { baseUrl: "https://api.acme.test", fetch: async () => json({ id: "1" }) },
    );
    expect(refused).toMatchObject({ success: false, error: { type: "validation" } });
  });
});

describe("a query parameter of format duration (ISO 8601)", () => {
  const doc = openapi({
    "/zqlamps": {
      get: {
        operationId: "listZqLamps",
        parameters: [{ name: "zqEvery", in: "query", schema: { type: "string", format: "duration" }, example: "PT1H" }],
        responses: ok,
      },
    },
  });

  it("is drafted with a pattern only durations match, noted, and links", async () => {
    const d = drafted(doc, ["listZqLamps"]);
    const every = d.manifest.operations.acme_list_zq_lamps!.params!.zqEvery!;
    expect(every).toMatchObject({ type: "string", pattern: expect.any(String), example: "PT1H" });
    const duration = new RegExp(String((every as { pattern: string }).pattern), "u");
    for (const text of ["PT1H", "P1D", "P1Y2M3DT4H5M6S", "PT30M", "P2W", "PT0001H"])
      expect(duration.test(text), text).toBe(true);
    for (const text of ["", "P", "PT", "P1DT", "PT1Hx", "1H", "P1H", "PT1.5S"])
      expect(duration.test(text), text).toBe(false);
    expect(notesAt(d, "operations.acme_list_zq_lamps.params.zqEvery")).toContain(
      "the spec gives format duration (an ISO 8601 duration, such as PT1H): drafted as a pattern its values match",
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a parameter of format byte whose own pattern says only any characters", () => {
  it("is drafted with the base64 pattern in its place, its length kept, so its values are base64; links", async () => {
    const picture = { type: "string", format: "byte", maxLength: 4096, pattern: "^.{1,4096}" };
    const d = drafted(
      openapi({
        "/zqlamps": {
          post: {
            operationId: "addZqLamp",
            requestBody: {
              content: { "application/json": { schema: { type: "object", properties: { zqPicture: picture } } } },
            },
            responses: ok,
          },
        },
      }),
      ["addZqLamp"],
    );
    const zqDrafted = d.manifest.operations.acme_add_zq_lamp!.params!.zqPicture as {
      pattern: string;
      maxLength: number;
    };
    expect(zqDrafted.maxLength).toBe(4096);
    const base64 = new RegExp(zqDrafted.pattern, "u");
    expect(base64.test("emE=")).toBe(true);
    expect(base64.test("example")).toBe(false);
    // The spec's pattern says only its length: link takes the format stated as a pattern (it refused it, BW2007).
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a request body of bytes of format byte (base64 text, under a media type of bytes)", () => {
  const doc = openapi({
    "/zqlamps/{id}/picture": {
      put: {
        operationId: "putZqLampPicture",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { required: true, content: { "image/jpeg": { schema: { type: "string", format: "byte" } } } },
        responses: ok,
      },
    },
  });

  it("is drafted as the body's file, noted as sent base64-encoded, and links so", async () => {
    const d = drafted(doc, ["putZqLampPicture"]);
    expect(d.manifest.operations.acme_put_zq_lamp_picture!.params!.file).toMatchObject({ type: "file" });
    expect(notesAt(d, "operations.acme_put_zq_lamp_picture.params")).toContain(
      "the spec gives format byte (base64 text) for the request body's bytes: the file is sent base64-encoded; " +
        "if the upstream reads the bytes as they are, write format binary in openapi.yaml",
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    expect(tool?.body).toMatchObject({ encoding: "binary", contentEncoding: "base64" });
  });
});
