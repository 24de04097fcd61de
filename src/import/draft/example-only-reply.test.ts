// A JSON reply the document gives only by an example (no schema) drafted one output holding the whole body: a
// workflow could read none of its fields by name. The example's fields are drafted as outputs the way a schema's
// would be, with the types the example shows, and a note says where they came from; a scalar example stays one output.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const widget = { id: "zq1", name: "Quill", count: 3, ready: true, owner: { login: "zq" }, tags: ["a"] };
const shown = (description: string, example: unknown) => ({
  description,
  content: { "application/json": { example } },
});
const doc = openapi({
  "/zqwidgets/{key}": {
    get: {
      operationId: "getZqwidget",
      parameters: [{ name: "key", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      responses: { "200": shown("The widget.", widget) },
    },
  },
  "/zqwidgets": {
    get: {
      operationId: "listZqwidgets",
      responses: { "200": shown("The widgets.", [widget, { ...widget, id: "zq2" }]) },
    },
  },
  "/zqping": { get: { operationId: "zqPing", responses: { "200": shown("Pong.", "pong") } } },
});
const ops = ["getZqwidget", "listZqwidgets", "zqPing"];

describe("a JSON reply given only by an example", () => {
  const d = drafted(doc, ops, "zqshown");
  const outputs = (op: string) => d.manifest.operations[`zqshown_${op}`]?.outputs ?? {};

  it("drafts the example's fields as outputs of the types it shows, with a note, and links", async () => {
    expect(outputs("get_zqwidget")).toMatchObject({
      data: { type: "json", from: "$response.body" },
      "metadata.id": { type: "string", from: "$response.body#/id" },
      "metadata.name": { type: "string", from: "$response.body#/name" },
      "metadata.count": { type: "number", from: "$response.body#/count" },
      "metadata.ready": { type: "boolean", from: "$response.body#/ready" },
    });
    expect(notesAt(d, "openapi").join("\n")).toContain(
      "openapi.yaml gives paths./zqwidgets/{key}.get.responses.200.content.application/json.schema, " +
        "paths./zqwidgets.get.responses.200.content.application/json.schema the schema their examples show " +
        "(published with none): their fields, of the types they show, none required, so outputs read them",
    );
    expect(await linkProblems(d, "zqshown")).toEqual([]);
  });

  it("drafts a list of records shown by its example as a list, with its count", () => {
    expect(outputs("list_zqwidgets")).toMatchObject({
      data: { type: "array", from: "$response.body" },
      "metadata.count": { type: "number", count: true },
    });
  });

  it("leaves a scalar example as the one output it was", () => {
    expect(Object.keys(outputs("zq_ping"))).toEqual(["data"]);
    expect(notesAt(d, "openapi").join("\n")).not.toContain("/zqping");
  });

  it("reads the fields from a real reply", async () => {
    const tool = (await linkedTools(d, "zqshown")).find((t) => t.id === "zqshown_get_zqwidget");
    const requested: string[] = [];
    const fetch = async (request: Request) => {
      requested.push(`${request.method} ${new URL(request.url).pathname}`);
      return Response.json({ ...widget, name: "Feather", count: 7 });
    };
    const result = await executeToolDefinition(
      tool!,
      { key: "zq9", accessToken: "zq-token-0001" },
      {
        baseUrl: "https://api.acme.test",
        retries: 0,
        fetch,
      },
    );
    expect(requested).toEqual(["GET /zqwidgets/zq9"]);
    expect(result.success && result.output).toMatchObject({
      metadata: { id: "zq1", name: "Feather", count: 7, ready: true },
    });
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqshown");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
