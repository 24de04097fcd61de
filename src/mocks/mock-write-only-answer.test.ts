// An answer's object closed (`additionalProperties: false`) with a writeOnly field (Jira's component `leadAccountId`,
// ShipEngine's label `outbound_label_id`): OpenAPI sends such a field in requests only, and the mock's Prism checks an
// answer with its writeOnly fields taken out, so a made answer holding one was refused by the mock's own check, a 500.
// The mock's answers leave writeOnly fields out, at every depth, while requests still take them; a stateful mock keeps
// no such field of what a create sent (a password given back in every answer, and written to the state's file). A
// field is written only where an `allOf` member says so (Jira's gadget `position`), and its requirement holds in no
// answer, though Prism keeps it where the schema is reached by a `$ref` (a page's items).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { mockDocument } from "./mock-document.js";
import { DocumentSampler } from "./sample/schema-sample.js";

const WRITE_ONLY = ["zqsecretNote", "zqleadAccountId", "zqpassword", "zqposition", "zqtitle"];

const component = {
  type: "object",
  additionalProperties: false,
  properties: {
    zqname: { type: "string", maxLength: 40 },
    zqleadAccountId: { type: "string", writeOnly: true, maxLength: 40 },
    zqlead: { $ref: "#/components/schemas/ZqLead" },
  },
};
const document = openapi(
  {
    "/zqthings": {
      post: {
        operationId: "CreateZqThing",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } },
        },
        responses: {
          "201": {
            description: "made",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } },
          },
        },
      },
    },
    "/zqthings/{zqid}": {
      get: {
        operationId: "GetZqThing",
        parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
        responses: {
          "200": {
            description: "the thing",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } },
          },
        },
      },
    },
    "/zqprojects/{zqproject}": {
      get: {
        operationId: "GetZqProject",
        parameters: [{ name: "zqproject", in: "path", required: true, schema: { type: "string", maxLength: 30 } }],
        responses: {
          "200": {
            description: "the project",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  additionalProperties: false,
                  required: ["zqid", "zqposition"],
                  properties: {
                    zqid: { type: "string", maxLength: 30 },
                    zqsecretNote: { type: "string", writeOnly: true },
                    zqcomponents: { type: "array", items: component },
                    // Written only through an `allOf` member (Prism merges it: the whole is written only), required.
                    zqposition: { allOf: [{ $ref: "#/components/schemas/ZqPosition" }], readOnly: true },
                    // Items by `$ref` whose required field is written only: Prism keeps that requirement.
                    zqvalues: { type: "array", minItems: 1, items: { $ref: "#/components/schemas/ZqDetails" } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqThing: {
        type: "object",
        additionalProperties: false,
        required: ["zqname"],
        properties: {
          zqid: { type: "string", readOnly: true },
          zqname: { type: "string", maxLength: 40 },
          zqpassword: { type: "string", writeOnly: true, maxLength: 40 },
          zqowner: { $ref: "#/components/schemas/ZqLead" },
        },
      },
      ZqPosition: {
        type: "object",
        additionalProperties: false,
        writeOnly: true,
        required: ["zqrow"],
        properties: { zqrow: { type: "integer" } },
      },
      ZqDetails: {
        type: "object",
        additionalProperties: false,
        required: ["zqtitle"],
        properties: { zqtitle: { type: "string", writeOnly: true, maxLength: 40 }, zqid: { type: "integer" } },
      },
      ZqLead: {
        type: "object",
        additionalProperties: false,
        properties: { zqdisplay: { type: "string" }, zqpassword: { type: "string", writeOnly: true } },
      },
    },
  },
);

let on: DraftedOnMock | undefined;
let kept: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqprojects", document, ["GetZqProject"]);
  kept = await draftedOnMock("zqthings", document, ["CreateZqThing", "GetZqThing"], { stateful: true });
});
afterAll(async () => {
  await on?.close();
  await kept?.close();
});

/** Every key of a JSON value, at every depth. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) keysOf(v, out.add(k));
  return out;
}

describe("a mock's answer whose closed objects have writeOnly fields", () => {
  it("is served without them: the mock's own check takes it", async () => {
    const answer = await fetch(`${on?.url}/zqprojects/zq1`, { headers: { authorization: "Bearer zq-token-1" } });
    const text = await answer.text();
    expect(answer.status, text).toBe(200);
    const keys = keysOf(JSON.parse(text));
    expect(keys.has("zqid")).toBe(true);
    for (const k of WRITE_ONLY) expect(keys.has(k), text).toBe(false);
  });

  it("is drawn without them at every depth for every seed; a request's value keeps them", () => {
    // The document the mock serves: no field written only is required of an answer.
    const sampler = new DocumentSampler(mockDocument(document, () => false) as Record<string, unknown>);
    const at = "/paths/~1zqprojects~1{zqproject}/get/responses/200/content/application~1json/schema";
    const drawn = (answer: boolean) =>
      [0, 1, 2, 3, 4, 5, 6, 7].map((seed) => {
        const made = sampler.sample(at, { seed, everyField: true, listItems: 1, answer });
        expect(made, `seed ${seed}`).toBeDefined();
        return keysOf(made?.value);
      });
    for (const keys of drawn(true)) for (const k of WRITE_ONLY) expect(keys.has(k)).toBe(false);
    // Without the bound the same draws hold them: the bound is what leaves them out.
    expect(drawn(false).some((keys) => WRITE_ONLY.some((k) => keys.has(k)))).toBe(true);
  });

  it("is made by a stateful mock of what a create sent, its writeOnly fields kept by no record", async () => {
    const headers = { authorization: "Bearer zq-token-1", "content-type": "application/json" };
    const sent = { zqname: "zq one", zqpassword: "zq-pass-1", zqowner: { zqdisplay: "zq", zqpassword: "zq-pass-2" } };
    const made = await fetch(`${kept?.url}/zqthings`, { method: "POST", headers, body: JSON.stringify(sent) });
    const madeText = await made.text();
    expect(made.status, madeText).toBe(201);
    const record = JSON.parse(madeText) as { zqid: string };
    expect(record).toMatchObject({ zqname: "zq one", zqowner: { zqdisplay: "zq" } });
    const read = await fetch(`${kept?.url}/zqthings/${record.zqid}`, { headers });
    const readText = await read.text();
    expect(read.status, readText).toBe(200);
    expect(JSON.parse(readText)).toMatchObject({ zqid: record.zqid, zqname: "zq one" });
    for (const text of [madeText, readText]) expect(text).not.toMatch(/zq-pass|zqpassword/);
  });
});
