// A reply whose envelope holds a value, not a record (`{data: "Review posted"}`, a published review service's
// answer): drafted as the whole body in `data` and the field again as `metadata.data`, a workflow read the answer as
// `data.data` and once more beside it. The value is the data, of its own type; the fields beside it the metadata;
// a record with its own id and a `data` field stays a record.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const postZqreview = (schema: Json, example: unknown): Json =>
  openapi({
    "/zqreviews": {
      post: {
        operationId: "postZqreview",
        parameters: [
          { name: "rating", in: "query", required: true, schema: { type: "integer", minimum: 1, maximum: 5 } },
        ],
        responses: { "200": reply(schema, example) },
      },
    },
  });
const outputsOf = (d: ReturnType<typeof drafted>) => d.manifest.operations.acme_post_zqreview!.outputs;
const text = { type: "string" };

describe("a value in an envelope", () => {
  const doc = postZqreview({ type: "object", properties: { data: text } }, { data: "Review posted" });

  it("drafts the value as the data, once, of its type; it links", async () => {
    const d = drafted(doc, ["postZqreview"]);
    expect(outputsOf(d)).toEqual({
      data: { type: "string", from: "$response.body#/data", optional: true, description: "The reply." },
    });
    expect(notesAt(d, "operations.acme_post_zqreview.outputs")).toContainEqual(
      "the 200 reply wraps its value in data: outputs read from inside it",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("answers a call with the value as the output's data", async () => {
    const [tool] = await linkedTools(drafted(doc, ["postZqreview"]));
    const { fetch } = scriptedFetch(json(200, { data: "Review posted" }));
    const done = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001", rating: 5 },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(done).toEqual({ success: true, output: { data: "Review posted" } });
  });

  it("reads the fields beside the value as the metadata, a record beside it as an output of its own", () => {
    const schema = {
      type: "object",
      required: ["result", "message"],
      properties: {
        result: { type: "boolean" },
        message: text,
        meta: { type: "object", properties: { took_ms: { type: "integer" } } },
      },
    };
    const outputs = outputsOf(drafted(postZqreview(schema, undefined), ["postZqreview"]));
    expect(outputs).toEqual({
      data: { type: "boolean", from: "$response.body#/result", description: "The reply." },
      "metadata.message": { type: "string", from: "$response.body#/message", description: "The reply's message." },
      "metadata.meta": { type: "json", from: "$response.body#/meta", optional: true, description: "The reply's meta." },
    });
  });

  it("a value the spec requires but lets be null is optional", () => {
    const schema = { type: "object", required: ["data"], properties: { data: { type: "integer", nullable: true } } };
    const outputs = outputsOf(drafted(postZqreview(schema, undefined), ["postZqreview"]));
    expect(outputs).toEqual({
      data: { type: "number", from: "$response.body#/data", optional: true, description: "The reply." },
    });
  });

  it("a record with its own id and a data field stays a record: the whole body its data", () => {
    const schema = { type: "object", properties: { id: text, data: text } };
    const outputs = outputsOf(drafted(postZqreview(schema, undefined), ["postZqreview"]));
    expect(outputs.data).toMatchObject({ type: "json", from: "$response.body" });
    expect(outputs["metadata.data"]).toMatchObject({ from: "$response.body#/data" });
  });
});
