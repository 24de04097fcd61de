// A body field that is one of several shapes (`oneOf`) each of which takes
// every value of another: two alike but for their descriptions (zqInQuery,
// zqInCookie: `{type, name}`), one requiring a field more of an open other
// (zqInHeader). No value is of exactly one shape, so none met the union: the
// contract suite found no value of the field ("no value of parameter zqSource
// passes its own rules") and a mock refused every request. add writes the
// union as anyOf in the cut, says so in its header and a note; a union whose
// shapes are told apart is left as published.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { valuesOf } from "../../contract/inputs/values.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string) => ({ type: "string", description });
/** A place a token is read from: `{type, name}` and the fields `more` adds, all required. */
const place = (where: string, more: Record<string, unknown> = {}) => ({
  type: "object",
  description: `The token in a ${where}`,
  properties: { type: text(`String with value ${where}`), name: text(`Name of the ${where}`), ...more },
  required: ["type", "name", ...Object.keys(more)],
});

const doc = (shapes: Record<string, unknown>) =>
  openapi(
    {
      "/zqverifiers": {
        post: {
          operationId: "createZqVerifier",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["zqSource"],
                  properties: {
                    zqName: { type: "string" },
                    zqSource: { oneOf: Object.keys(shapes).map((name) => ({ $ref: `#/components/schemas/${name}` })) },
                  },
                },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    },
    { schemas: shapes },
  );

const overlapping = {
  ZqInQuery: place("query param"),
  ZqInHeader: place("header", { remove: text("What to remove") }),
  ZqInCookie: place("cookie"),
};

describe("a oneOf each of whose shapes takes every value of another", () => {
  it("is cut as anyOf, said in the header and a note; the suite finds a value the mock's judge takes", async () => {
    const d = drafted(doc(overlapping), ["createZqVerifier"]);
    expect(d.openapiText).toContain(
      "# Changed by blockwright add: paths./zqverifiers.post.requestBody.content.application/json.schema.properties." +
        "zqSource (oneOf of ZqInQuery, ZqInHeader, ZqInCookie): anyOf, not oneOf",
    );
    expect(notesAt(d, "openapi").join("\n")).toContain("Check how the API tells them apart");
    expect(await linkProblems(d)).toEqual([]);
    const { cut, refusals } = judgedCut(d, "/zqverifiers");
    const [tool] = await linkedTools(d);
    const source = valuesOf(tool!, cut).example("zqSource");
    expect(source?.value).toMatchObject({ type: expect.any(String), name: expect.any(String) });
    expect(refusals({ zqSource: source?.value })).toEqual([]);
    expect(refusals({ zqSource: { type: "cookie" } })).toEqual(["schema"]);
  });

  it("is cut as anyOf where it is the whole body (twins but for their titles), the body drafted an example", () => {
    const same = { type: "object", required: ["zqName"], properties: { zqName: { type: "string" } } };
    const published = doc({});
    published.paths["/zqverifiers"].post.requestBody.content["application/json"].schema = {
      oneOf: [same, { ...same, title: "zqTwin" }],
    };
    const d = drafted(published, ["createZqVerifier"]);
    expect(d.openapiText).toContain("requestBody.content.application/json.schema (oneOf of shape 1, zqTwin): anyOf");
    const body = d.manifest.operations.acme_create_zq_verifier?.params?.body as { example?: unknown } | undefined;
    expect(body?.example).toEqual({ zqName: expect.any(String) });
  });

  it("is left as published where a shape is told apart (an enum of its own), or no other takes its values", () => {
    const tagged = (where: string) => ({
      ...place(where),
      properties: { ...place(where).properties, type: { enum: [where] } },
    });
    for (const shapes of [
      { ZqInQuery: tagged("query"), ZqInCookie: tagged("cookie") },
      // zqInQuery and zqInCookie alike, zqInBody of a field of a type of its own: a value of it is of one shape.
      { ...overlapping, ZqInBody: { ...place("body"), properties: { type: text("body"), name: { type: "integer" } } } },
    ]) {
      const d = drafted(doc(shapes), ["createZqVerifier"]);
      expect(d.openapiText).not.toContain("Changed by blockwright add");
      expect(d.openapiText).toContain("oneOf:");
    }
  });
});

describe("a oneOf whose shapes take each other's values through allOf members or a union of their own", () => {
  const body = (schema: unknown) => {
    const published = doc({});
    published.paths["/zqverifiers"].post.requestBody.content["application/json"].schema = schema;
    return published;
  };
  const base = { type: "object", properties: { zqName: { type: "string" }, zqId: { type: "string" } } };

  it("is cut as anyOf where a shape is an allOf of the other (one object of its members' fields)", () => {
    const published = body({
      oneOf: [{ allOf: [{ $ref: "#/components/schemas/ZqBase" }] }, { $ref: "#/components/schemas/ZqBase" }],
    });
    published.components.schemas = { ZqBase: base };
    const d = drafted(published, ["createZqVerifier"]);
    expect(d.openapiText).toContain("requestBody.content.application/json.schema (oneOf of shape 1, ZqBase): anyOf");
  });

  it("is cut as anyOf where a shape is a union each of whose shapes another takes", () => {
    const twin = (title: string) => ({ ...base, title });
    const published = body({
      oneOf: [
        { type: "object", title: "zqAuth", oneOf: [{ allOf: [twin("zqMeeting")] }, twin("zqRecording")] },
        twin("zqOpen"),
        twin("zqOpenTwin"),
      ],
    });
    const d = drafted(published, ["createZqVerifier"]);
    expect(d.openapiText).toContain(
      "requestBody.content.application/json.schema (oneOf of zqAuth, zqOpen, zqOpenTwin);",
    );
  });

  it("is left as published where an allOf shape lists a field the other does not (a value of that one exists)", () => {
    const published = body({
      oneOf: [
        { allOf: [{ $ref: "#/components/schemas/ZqBase" }, { properties: { zqLimit: { type: "integer" } } }] },
        { $ref: "#/components/schemas/ZqBase" },
      ],
    });
    published.components.schemas = { ZqBase: base };
    const d = drafted(published, ["createZqVerifier"]);
    expect(d.openapiText).not.toContain("Changed by blockwright add");
    expect(d.openapiText).toContain("oneOf:");
  });
});

describe("a oneOf of lists whose items take each other's", () => {
  // A reply of one list per kind of account, kinds alike but one whose records require a field the others leave
  // optional: the empty list and every list of such records are of each shape, a list of the others' of the twins, so
  // no reply met the union and the mock refused its own.
  const record = { type: "object", required: ["zqName"], properties: { zqName: { type: "string" } } };
  const stricter = {
    type: "object",
    required: ["zqName", "zqSupply"],
    properties: { zqName: { type: "string", description: "Its name." }, zqSupply: { type: "string" } },
  };
  const list = (title: string, items: unknown, more: Record<string, unknown> = {}) => ({
    title,
    type: "array",
    items,
    ...more,
  });
  const listed = (shapes: unknown[]) => {
    const published = doc({});
    published.paths["/zqverifiers"].post.responses["200"] = reply({ oneOf: shapes });
    return published;
  };

  it("is cut as anyOf where each list's items are taken by another's (allOf members read as one object)", () => {
    const shapes = [
      list("zqOpen", { allOf: [record] }),
      list("zqOpenTwin", { allOf: [record] }),
      list("zqStrict", { allOf: [stricter] }),
    ];
    const d = drafted(listed(shapes), ["createZqVerifier"]);
    expect(d.openapiText).toContain(
      "responses.200.content.application/json.schema (oneOf of zqOpen, zqOpenTwin, zqStrict): anyOf",
    );
  });

  it("is left as published where a list's items are told apart, or a list bounds its count", () => {
    const other = { ...record, properties: { zqName: { type: "integer" } } };
    for (const shapes of [
      [list("zqOpen", record), list("zqOpenTwin", record), list("zqOther", other)],
      [list("zqOpen", record, { minItems: 2 }), list("zqStrict", stricter)],
    ]) {
      const d = drafted(listed(shapes), ["createZqVerifier"]);
      expect(d.openapiText).not.toContain("Changed by blockwright add");
      expect(d.openapiText).toContain("oneOf:");
    }
  });
});
