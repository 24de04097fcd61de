// `validate` let a text output bind to a number, boolean or JSON list or object input: the runtime converts text that
// reads as one, and refused the rest only when the run reached the block. A text whose shape proves it never reads as
// the input's form (a format such as date-time, or an enum of none but such texts) is refused now, naming the binding;
// a text the document leaves open (digits, an enum of numbers' texts) still binds.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";

const text = { type: "string" };
const document = {
  openapi: "3.0.3",
  info: { title: "Zq Texts", version: "1.0.0" },
  servers: [{ url: "https://api.zqtb.example/v1" }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqevents/{zqid}": {
      get: {
        operationId: "zqGetEvent",
        parameters: [{ name: "zqid", in: "path", required: true, schema: text }],
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    zqcreated: { type: "string", format: "date-time" },
                    zqstate: { type: "string", enum: ["active", "closed"] },
                    zqlevel: { type: "string", enum: ["1", "2"] },
                    zqcode: { type: "string", enum: ["0x10", "0b11"] },
                    zqcount: text,
                  },
                },
                example: {
                  zqcreated: "2025-01-02T03:04:05Z",
                  zqstate: "active",
                  zqlevel: "1",
                  zqcount: "7",
                  zqcode: "0x10",
                },
              },
            },
          },
        },
      },
    },
    "/zqthings": {
      post: {
        operationId: "zqMakeThing",
        parameters: [
          { name: "zqlimit", in: "query", schema: { type: "integer" } },
          { name: "zqdry", in: "query", schema: { type: "boolean" } },
        ],
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { zqmeta: { type: "object", properties: { zqa: text } } } },
            },
          },
        },
        responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
  },
};
const project = addedProject("blockwright-text-binding-", "zqtb", document);

let written = 0;
function workflow(inputs: Record<string, string>): string {
  const file = join(project.dir, `binding-${(written += 1)}.json`);
  const blocks = {
    first: {
      type: "zqtb",
      name: "First",
      inputs: { operation: "zqtb_zq_get_event", apiKey: "{{ZQ_KEY}}", zqid: "zq1" },
      connections: { outgoing: [{ target: "second" }] },
    },
    second: {
      type: "zqtb",
      name: "Second",
      inputs: { operation: "zqtb_zq_make_thing", apiKey: "{{ZQ_KEY}}", ...inputs },
    },
  };
  writeFileSync(file, JSON.stringify({ blocks }));
  return file;
}

async function problems(inputs: Record<string, string>): Promise<string> {
  const r = await cli(["validate", workflow(inputs), "--mock"], { cwd: project.dir });
  return r.code === 0 ? "" : r.stdout + r.stderr;
}

describe("a text output bound to an input the runtime reads text as another form of", () => {
  it("is refused where the text's format or enum proves it never reads as that form", async () => {
    expect(await problems({ zqlimit: "{{first.metadata.zqcreated}}" })).toContain(
      "second.zqlimit: is a number, but {{first.metadata.zqcreated}} is a string of format date-time, never a number",
    );
    expect(await problems({ zqlimit: "{{first.metadata.zqstate}}" })).toContain(
      "second.zqlimit: is a number, but {{first.metadata.zqstate}} is a string " +
        'of the values "active", "closed", none of them a number',
    );
    // The runtime reads a number's text in decimal alone: a hex or binary literal is none.
    expect(await problems({ zqlimit: "{{first.metadata.zqcode}}" })).toContain(
      'second.zqlimit: is a number, but {{first.metadata.zqcode}} is a string of the values "0x10", "0b11"',
    );
    expect(await problems({ zqdry: "{{first.metadata.zqstate}}" })).toContain(
      "second.zqdry: is a boolean, but {{first.metadata.zqstate}} is a string of the values",
    );
    expect(await problems({ zqmeta: "{{first.metadata.zqcreated}}" })).toContain(
      "second.zqmeta: is a JSON object, but {{first.metadata.zqcreated}} is a string of format date-time, " +
        "never a JSON object",
    );
  });

  it("binds where the text may read as that form", async () => {
    expect(await problems({ zqlimit: "{{first.metadata.zqcount}}" })).toBe("");
    expect(await problems({ zqlimit: "{{first.metadata.zqlevel}}" })).toBe("");
  });
});
