// A created item's answer that wraps its id in an object named as an id (`{Id: {id: 7}}`, as a published bank's
// document answers every create): the name made the reply read as a record with an id of its own, so the draft gave
// the whole body as `data` and no id at all, `data.Id.id` the only way to it. An id that is an object is an envelope:
// `data` is what it holds, `metadata.id` its id. A scalar `id` still makes a record.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const createZqschedule = (schema: Json): Json =>
  openapi({ "/zqschedules": { post: { operationId: "createZqschedule", responses: { "200": reply(schema) } } } });
const created = {
  type: "object",
  properties: {
    Id: {
      type: "object",
      readOnly: true,
      description: "The id of the created item",
      properties: { id: { type: "integer" } },
    },
  },
};

describe("an id wrapped in an object named as an id", () => {
  it("is an envelope: data is what it holds, metadata.id its id; it links", async () => {
    const d = drafted(createZqschedule(created), ["createZqschedule"]);
    expect(d.manifest.operations.acme_create_zqschedule!.outputs).toEqual({
      data: { type: "json", from: "$response.body#/Id", optional: true, description: "The id of the created item" },
      "metadata.id": { type: "number", from: "$response.body#/Id/id", optional: true, description: "The reply's id." },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("answers a call with the id as metadata.id", async () => {
    const [tool] = await linkedTools(drafted(createZqschedule(created), ["createZqschedule"]));
    const { fetch } = scriptedFetch(json(200, { Id: { id: 7 } }));
    const done = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(done).toEqual({ success: true, output: { data: { id: 7 }, metadata: { id: 7 } } });
  });

  it("a scalar id beside a record still makes the reply a record", () => {
    const schema = { type: "object", properties: { id: { type: "integer" }, data: created.properties.Id } };
    const outputs = drafted(createZqschedule(schema), ["createZqschedule"]).manifest.operations.acme_create_zqschedule!
      .outputs;
    expect(outputs.data).toMatchObject({ from: "$response.body" });
    expect(outputs["metadata.id"]).toMatchObject({ from: "$response.body#/id" });
  });
});
