// A list in one string (`separator: ","`) at a query place the document types as a list sent as one value (style
// form, explode false): the runtime wrote the whole text as one value, its commas encoded (`tags=red%2Cblue`), which a
// service reads as one item holding a comma, and the request judge refused. The items go as the style writes a list
// (`tags=red,blue`, each item encoded); the judge reads them back as the items given.
import { describe, expect, it } from "vitest";
import { handManifest, handWritten } from "../link/__fixtures__/hand-written.js";
import { judgedCall, linkedTools, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { documentJudge, misReadings } from "./read-back.js";

const document = openapi({
  "/zqbuoys": {
    get: {
      operationId: "zqListBuoys",
      parameters: [
        {
          name: "zqcolours",
          in: "query",
          style: "form",
          explode: false,
          schema: { type: "array", items: { type: "string", enum: ["red", "sea green"] } },
        },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

const manifest = handManifest("zqharbour", "Buoys of a made-up harbour.", {
  operations: {
    zqharbour_list: {
      operationId: "zqListBuoys",
      title: "List buoys",
      description: "Lists buoys.",
      params: {
        zqcolours: {
          type: "string",
          separator: ",",
          enum: ["red", "sea green"],
          description: "Colours.",
          wire: { in: "query" },
        },
      },
      outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
    },
  },
});

describe("a list in one string at a query place styled as a list", () => {
  it("is sent as the style writes a list, read back as the items given", async () => {
    const d = handWritten(document, manifest);
    const [tool] = await linkedTools(d, "zqharbour");
    if (!tool) throw new Error("no tool linked");
    const { sent, judged } = await judgedCall(d, tool, {
      accessToken: "zq-token-0000000001",
      zqcolours: "red, sea green",
    });
    expect(new URL(sent.url).search).toBe("?zqcolours=red,sea%20green");
    expect(judged.refusals).toEqual([]);
    const cut = new OpenApiDocument(parseYamlSource(JSON.stringify(document), "openapi.yaml"));
    const spec = tool.params.find((p) => p.name === "zqcolours");
    if (!spec) throw new Error("no parameter");
    const judge = documentJudge(cut, { credential: "form" });
    expect(misReadings(judge, sent, cut, "zqListBuoys", [{ spec, wire: spec.wire, want: "red, sea green" }])).toEqual(
      [],
    );
    // A value the service reads otherwise is still told.
    expect(
      misReadings(judge, sent, cut, "zqListBuoys", [{ spec, wire: spec.wire, want: "red" }]).map((m) => m.message),
    ).toEqual([
      'zqcolours: the service reads query parameter "zqcolours" (style form, explode false) as ["red","sea green"]; ' +
        'the tool was given "red"',
    ]);
  });
});
