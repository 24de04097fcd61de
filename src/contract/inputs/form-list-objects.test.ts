// A form body's field that is a list of objects (a required one: `widgets: [{widgetId, position}]`), or an object
// holding a list, in form style exploded (no `encoding`, or one saying so): OpenAPI's form style has no form for an
// item that is an object, and the one reading servers have (PHP's $_POST, Rack, qs) is bracket form with indexes,
// `zqwidgets[0][zqid]=1&zqwidgets[0][zqpos]=2`, which the runtime sends. The suite made no value of such a required
// field (no case could be derived), the mock's Prism took the field for missing, and `add` drafted it with no note:
// now the runtime, the suite's values, the request judge, the mock and the draft's note agree on that reading.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeForm } from "@blockwright/runtime/internal";
import { requestJudge } from "../../judge/judge.js";
import { drafted, judgedCall, linkedTools, notesAt, openapi } from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { type MockServers, startMocks } from "../../mocks/mocks.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const widget = {
  type: "object",
  required: ["zqid"],
  properties: { zqid: { type: "integer" }, zqpos: { type: "integer" } },
};
const document = openapi({
  "/zqplaylists/{zqplaylist}/order": {
    post: {
      operationId: "orderZqplaylist",
      parameters: [{ name: "zqplaylist", in: "path", required: true, schema: { type: "integer" } }],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["zqwidgets"],
              properties: {
                zqwidgets: { type: "array", items: { $ref: "#/components/schemas/ZqWidget" } },
                zqlinks: { type: "array", items: widget },
                zqgrid: { type: "array", items: { type: "array", items: { type: "integer" } } },
                zqmeta: {
                  type: "object",
                  properties: { zqname: { type: "string" }, zqtags: { type: "array", items: { type: "string" } } },
                },
              },
            },
            encoding: { zqlinks: { style: "form", explode: true } },
          },
        },
      },
      responses: {
        "200": {
          description: "Ordered.",
          content: { "application/json": { schema: { type: "object" }, example: {} } },
        },
      },
    },
  },
});
document.components.schemas = { ZqWidget: widget };

const d = drafted(document, ["orderZqplaylist"]);
const [tool] = await linkedTools(d);
const input = {
  accessToken: "zq-token-1",
  zqplaylist: 7,
  zqwidgets: [
    { zqid: 1, zqpos: 2 },
    { zqid: 3, zqpos: 1 },
  ],
  zqlinks: [{ zqid: 5 }],
  zqgrid: [[1, 2], [3]],
  zqmeta: { zqname: "a b", zqtags: ["x", "y"] },
};

const work = mkdtempSync(join(runScratch(), "blockwright-form-list-objects-"));
let mocks: MockServers;
beforeAll(async () => {
  mkdirSync(join(work, "zqorder"), { recursive: true });
  writeFileSync(join(work, "zqorder", "openapi.yaml"), d.openapiText);
  mocks = await startMocks(["zqorder"], { specsDir: work, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a form field that is a list of objects, or an object holding a list", () => {
  it("is drafted with a note saying how it is sent", () => {
    const notes = notesAt(d, `operations.${tool!.id}.params.zqwidgets`).join("\n");
    expect(notes).toContain("zqwidgets[0][zqid]=…");
    expect(notes).toMatch(/PHP.*Rails.*qs/);
    expect(notesAt(d, `operations.${tool!.id}.params.zqmeta`).join("\n")).toContain("zqmeta[zqtags][0]=…");
    expect(notesAt(d, `operations.${tool!.id}.params.zqgrid`).join("\n")).toContain("zqgrid[0][0]=…");
  });

  it("goes in bracket form with indexes, which the request judge reads back as the document's value", async () => {
    const { sent, judged } = await judgedCall(d, tool!, input);
    const pairs = decodeURIComponent(new TextDecoder().decode(sent.body)).split("&");
    expect(pairs).toEqual([
      "zqwidgets[0][zqid]=1",
      "zqwidgets[0][zqpos]=2",
      "zqwidgets[1][zqid]=3",
      "zqwidgets[1][zqpos]=1",
      "zqlinks[0][zqid]=5",
      "zqgrid[0][0]=1",
      "zqgrid[0][1]=2",
      "zqgrid[1][0]=3",
      "zqmeta[zqname]=a b",
      "zqmeta[zqtags][0]=x",
      "zqmeta[zqtags][1]=y",
    ]);
    expect(judged.refusals).toEqual([]);
  });

  it("the judge refuses an item against its schema and a list sent as plain pairs", async () => {
    const cut = new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml"));
    const judge = requestJudge(cut, { credential: "form" });
    const judgeBody = (text: string) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqplaylists/7/order",
        headers: new Headers({ "content-type": "application/x-www-form-urlencoded", authorization: "Bearer zq1" }),
        body: new TextEncoder().encode(text),
      }).refusals.map((r) => r.rule);
    expect(judgeBody("zqwidgets%5B0%5D%5Bzqid%5D=1")).toEqual([]);
    expect(judgeBody("zqwidgets%5B0%5D%5Bzqid%5D=one")).not.toEqual([]);
    expect(judgeBody("zqlinks%5B0%5D%5Bzqpos%5D=1&zqwidgets%5B0%5D%5Bzqid%5D=1")).not.toEqual([]);
  });

  it("the suite makes values of it, and draws lists of objects", () => {
    const values = new ToolValues(tool!, new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")));
    const widgets = tool!.params.find((p) => p.name === "zqwidgets")!;
    expect(values.accepts(widgets, input.zqwidgets)).toBe(true);
    const drawn = fc.sample(validInput(tool!, values, "https://api.acme.test"), { numRuns: 50, seed: 5 });
    const items = drawn.flatMap((i) => i.zqwidgets as unknown[]);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i !== null && typeof i === "object" && "zqid" in i)).toBe(true);
  });

  it("the mock serves it as the runtime sends it, and still refuses a body without it", async () => {
    const post = async (body: Record<string, unknown>) => {
      const answer = await fetch(`${mocks.urls.zqorder}/zqplaylists/7/order`, {
        method: "POST",
        headers: { authorization: "Bearer zq-token-1", "content-type": "application/x-www-form-urlencoded" },
        body: encodeForm(body),
      });
      await answer.text();
      return answer.status;
    };
    const { zqplaylist: _, accessToken: __, ...body } = input;
    expect(await post(body)).toBe(200);
    expect(await post({ zqmeta: { zqname: "n" } })).toBe(422);
  });
});
