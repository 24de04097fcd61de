// Answers typed any media type (`*/*`) whose schema is an object or a list
// are drafted as JSON: written as application/json in the cut, said in its
// header and in a note; outputs and error messages drafted from the schema.
// A `*/*` answer that is a binary string stays a file download. A request
// body of any type with an object schema is a JSON body.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const anyType = (schema: Json) => ({ description: "The reply.", content: { "*/*": { schema } } });
const zqItem = { type: "object", properties: { id: { type: "string" }, label: { type: "string" } } };
const zqProblem = { type: "object", properties: { message: { type: "string" }, errorCode: { type: "string" } } };

function document(ok: Json): Json {
  return openapi(
    {
      "/zqwidgets/{id}": {
        get: {
          operationId: "getZqWidget",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
          responses: { "200": ok, "400": { $ref: "#/components/responses/ZqProblem" } },
        },
      },
    },
    {
      schemas: { ZqItem: zqItem, ZqProblem: zqProblem },
      responses: { ZqProblem: anyType({ $ref: "#/components/schemas/ZqProblem" }) },
    },
  );
}

describe("an answer typed */* with an object schema", () => {
  it(
    "is drafted as JSON: its outputs read the body, its errors the schema's message, and the " + "draft links",
    async () => {
      const d = drafted(document(anyType({ $ref: "#/components/schemas/ZqItem" })), ["getZqWidget"]);
      const op = d.manifest.operations.acme_get_zq_widget!;
      expect(op.download).toBeUndefined();
      expect(op.outputs?.data).toMatchObject({ type: "json", from: "$response.body" });
      expect(d.manifest.errors?.message).toEqual(["$response.body#/message"]);
      expect(d.openapiText).toMatch(
        new RegExp(
          String.raw`^# Written as application\/json by blockwright add, published as \*\/\*: getZqWidget 200, ` +
            String.raw`components\.responses\.ZqProblem \(`,
          "m",
        ),
      );
      expect(d.openapiText).not.toContain("'*/*'");
      expect(notesAt(d, "openapi").join("\n")).toContain(
        "types as application/json the answers and request bodies the published document types */*",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );

  it("is drafted as JSON with parameters on its media type too (*/*; charset=utf-8)", () => {
    const d = drafted(
      document({
        description: "The reply.",
        content: { "*/*; charset=utf-8": { schema: { $ref: "#/components/schemas/ZqItem" } } },
      }),
      ["getZqWidget"],
    );
    expect(d.manifest.operations.acme_get_zq_widget!.download).toBeUndefined();
    expect(d.openapiText).toMatch(/published as \*\/\*: getZqWidget 200, /m);
  });

  it("is left as published when it also has a JSON type", () => {
    const both = {
      description: "The reply.",
      content: { "application/json": { schema: zqItem }, "*/*": { schema: zqItem } },
    };
    const d = drafted(document(both), ["getZqWidget"]);
    expect(d.openapiText).toContain("'*/*'");
    expect(d.openapiText).not.toMatch(/published as \*\/\*: getZqWidget/);
  });
});

describe("an answer typed */* with a list schema beside a JSON type holding only examples", () => {
  // The schema says a list; the JSON type's example is an object wrapping one (the document contradicts itself).
  const split = {
    description: "The reply.",
    content: {
      "*/*": { schema: { type: "array", items: { $ref: "#/components/schemas/ZqItem" } } },
      "application/json": { examples: { wrapped: { value: { zqData: [{ id: "z1", label: "one" }] } } } },
    },
  };

  it("gives the schema to the JSON type (its examples kept, said in the header); the draft links", async () => {
    const d = drafted(document(split), ["getZqWidget"]);
    const op = d.manifest.operations.acme_get_zq_widget!;
    expect(op.download).toBeUndefined();
    expect(op.outputs?.data).toMatchObject({ type: "array", from: "$response.body" });
    expect(d.openapiText).not.toContain("'*/*'");
    expect(d.openapiText).toMatch(
      new RegExp(
        String.raw`^# Written as application\/json by blockwright add, published as \*\/\*: getZqWidget 200 ` +
          String.raw`\(its schema given to the JSON type's examples\)`,
        "m",
      ),
    );
    expect(d.openapiText).toContain("zqData");
    // The example the document contradicts itself with is the upstream's own (pinned beside the draft, as add pins
    // it): generate warns and leaves it out, as the mocks and the suite do; the draft links.
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is left as published when the JSON type has a schema of its own", () => {
    const both = { description: "The reply.", content: { ...split.content, "application/json": { schema: zqItem } } };
    const d = drafted(document(both), ["getZqWidget"]);
    expect(d.openapiText).toContain("'*/*'");
    expect(d.openapiText).not.toMatch(/published as \*\/\*: getZqWidget/);
  });
});

describe("an answer typed */* that is a binary string", () => {
  it("stays a file: drafted download: true", () => {
    const d = drafted(document(anyType({ type: "string", format: "binary" })), ["getZqWidget"]);
    expect(d.manifest.operations.acme_get_zq_widget!.download).toBe(true);
    expect(d.openapiText).not.toMatch(/published as \*\/\*: getZqWidget/);
  });
});

describe("a request body typed */* with an object schema (Kubernetes' creates)", () => {
  it("is drafted as a JSON body, written as application/json in the cut and said so, and the draft links", async () => {
    const doc = openapi(
      {
        "/zqwidgets": {
          post: {
            operationId: "createZqWidget",
            requestBody: { required: true, content: { "*/*": { schema: { $ref: "#/components/schemas/ZqItem" } } } },
            responses: {
              "201": {
                description: "Made.",
                content: { "application/json": { schema: { $ref: "#/components/schemas/ZqItem" } } },
              },
            },
          },
        },
      },
      { schemas: { ZqItem: { ...zqItem, required: ["label"] } } },
    );
    const d = drafted(doc, ["createZqWidget"]);
    expect(d.manifest.operations.acme_create_zq_widget!.params).toMatchObject({
      label: { type: "string", required: true, wire: { in: "body" } },
    });
    expect(d.openapiText).toMatch(/published as \*\/\*: createZqWidget request body \(/m);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a request body typed a range of media types admitting JSON (application/*json) with an object schema", () => {
  const doc = (type: string) =>
    openapi(
      {
        "/zqnotes": {
          post: {
            operationId: "createZqNote",
            requestBody: { required: true, content: { [type]: { schema: { $ref: "#/components/schemas/ZqItem" } } } },
            responses: { "204": { description: "Made." } },
          },
        },
      },
      { schemas: { ZqItem: { ...zqItem, required: ["label"] } } },
    );

  it("is drafted as JSON, written as application/json in the cut naming its range; the draft links", async () => {
    const d = drafted(doc("application/*json"), ["createZqNote"]);
    expect(d.manifest.operations.acme_create_zq_note!.params).toMatchObject({
      label: { type: "string", required: true, wire: { in: "body" } },
    });
    expect(d.openapiText).toMatch(
      new RegExp(
        String.raw`^# Written as application\/json by blockwright add, published as a media-type range ` +
          String.raw`\(\*\/\* unless named\): createZqNote request body \(published as application\/\*json\)`,
        "m",
      ),
    );
    expect(d.openapiText).not.toMatch(/^\s+application\/\*json:/m);
    expect(d.openapiText).toMatch(/^\s+application\/json:/m);
    expect(notesAt(d, "openapi").join("\n")).toContain("a range of media types admitting JSON");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("takes application/* the same way, and refuses a range that admits no JSON (text/*)", () => {
    expect(drafted(doc("application/*"), ["createZqNote"]).openapiText).toMatch(/published as application\/\*\)/);
    expect(() => drafted(doc("text/*"), ["createZqNote"])).toThrow(
      /text\/\*\) is of a media type or shape the runtime/,
    );
  });
});

describe("an answer typed */* with no schema whose description says it is JSON", () => {
  const described = (description: string, schema?: Json) => ({
    description,
    content: { "*/*": schema ? { schema } : {} },
  });

  it("is drafted as JSON, the whole body one json output, the words quoted", () => {
    const d = drafted(document(described("The widget, in JSON format.", {})), ["getZqWidget"]);
    const op = d.manifest.operations.acme_get_zq_widget!;
    expect(op.download).toBeUndefined();
    expect(op.outputs).toEqual({
      data: { type: "json", from: "$response.body", description: "The widget, in JSON format." },
    });
    expect(d.manifestText).toContain('its description says "in JSON format"');
    expect(
      drafted(document(described("Returns JSON.")), ["getZqWidget"]).manifest.operations.acme_get_zq_widget,
    ).toMatchObject({ outputs: { data: { type: "json" } } });
  });

  it("stays a download without such words, or with a schema that is no object", () => {
    for (const ok of [
      described("The widget."),
      described("The widget in JSON format.", { type: "string", format: "binary" }),
    ])
      expect(drafted(document(ok), ["getZqWidget"]).manifest.operations.acme_get_zq_widget?.download).toBe(true);
  });
});

describe("a success with no content entry whose description says it is JSON", () => {
  const bare = (description: string) => ({ description });

  it("is drafted as JSON, the whole body one json output, the words quoted in a note", async () => {
    const d = drafted(document(bare("Returns the zq widget in JSON format.")), ["getZqWidget"]);
    const op = d.manifest.operations.acme_get_zq_widget!;
    expect(op.outputs).toEqual({
      data: { type: "json", from: "$response.body", description: "Returns the zq widget in JSON format." },
    });
    // Its error answer is typed */* with an object schema: the header names how each was published.
    expect(d.openapiText).toContain(
      "published as */*, or no content (as named): getZqWidget 200 (published with no content; its description says " +
        '"in JSON format"), components.responses.ZqProblem',
    );
    const note = notesAt(d, "openapi").join("\n");
    expect(note).toContain("or with no content described as JSON");
    expect(note).toContain('its description says "in JSON format"');
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is said alone where no other answer is rewritten", () => {
    const alone = openapi({
      "/zqwidgets": { get: { operationId: "listZqWidgets", responses: { "200": bare("Returns JSON.") } } },
    });
    const d = drafted(alone, ["listZqWidgets"]);
    expect(d.openapiText).toContain(
      "published as no content, described as JSON: listZqWidgets 200 (published with no content; its description " +
        'says "Returns JSON") (described as JSON: JSON on the wire).',
    );
    expect(notesAt(d, "openapi").join("\n")).toContain("with no content, their description saying JSON");
  });

  it("stays as it was without such words, or when it is no success", () => {
    const plain = drafted(document(bare("The zq widget.")), ["getZqWidget"]);
    expect(plain.manifest.operations.acme_get_zq_widget?.outputs?.data).toBeUndefined();
    expect(plain.openapiText).not.toContain("published with no content");
    const failing = openapi({
      "/zqwidgets/{id}": {
        get: {
          operationId: "getZqWidget",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
          responses: { "200": anyType(zqItem), "404": bare("Not found, in JSON format.") },
        },
      },
    });
    expect(drafted(failing, ["getZqWidget"]).openapiText).not.toContain("published with no content");
  });
});
