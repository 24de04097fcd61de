// A multipart field holding files inside it (an object of binary strings, a map of them, a list of such objects):
// OpenAPI sends such a field as one JSON part, which carries no file's bytes. Before, `add` drafted it as a json
// parameter whose files went as JSON strings (and the judge, reading a JSON part of strings, passed it). Now an
// optional one is left out and a required one refuses its operation, each saying how to write the document instead.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const binary = { type: "string", format: "binary" };
const upload = (operationId: string, fields: Json, required: string[] = []) => ({
  post: {
    operationId,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required,
            properties: { zqName: { type: "string" }, zqScan: binary, ...fields },
          },
        },
      },
    },
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
  },
});
const document = openapi({
  "/zq/object": upload("zqObject", {
    zqFiles: { type: "object", properties: { zqFront: binary, zqBack: binary, zqPassword: { type: "string" } } },
  }),
  "/zq/map": upload("zqMap", { zqPages: { type: "object", additionalProperties: binary } }),
  "/zq/list": upload("zqList", {
    zqSheets: { type: "array", items: { type: "object", properties: { zqImage: binary } } },
  }),
  "/zq/required": upload("zqRequired", { zqFiles: { type: "object", properties: { zqFront: binary } } }, ["zqFiles"]),
});

describe("a multipart field holding files inside it", () => {
  it("is left out where optional, saying where its files are and how to write them; the rest judged", async () => {
    const d = drafted(document, ["zqObject", "zqMap", "zqList"]);
    for (const [id, field] of [
      ["acme_zq_object", "zqFiles"],
      ["acme_zq_map", "zqPages"],
      ["acme_zq_list", "zqSheets"],
    ] as const) {
      const params = d.manifest.operations[id]?.params ?? {};
      expect(Object.keys(params)).not.toContain(field);
      expect(params.zqScan).toMatchObject({ type: "file" });
      expect(notesAt(d, `operations.${id}`).join("\n")).toContain(`left out the body field ${field}: multipart field`);
    }
    expect(notesAt(d, "operations.acme_zq_object").join("\n")).toMatch(
      /holds files inside it \(zqFiles\/zqFront, zqFiles\/zqBack\), .*one JSON part .*`zqFiles\[zqFront\]`/,
    );
    expect(notesAt(d, "operations.acme_zq_map").join("\n")).toContain("(zqPages/{})");
    expect(notesAt(d, "operations.acme_zq_list").join("\n")).toContain("(zqSheets/*/zqImage)");
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqObject");
    const { judged } = await judgedCall(d, tool!, {
      zqName: "zq",
      zqScan: new Uint8Array([1, 2]),
      accessToken: "zq-token-0001",
    });
    expect(judged.refusals).toEqual([]);
  });

  it("is refused by the link where a parameter is placed there by hand (its files would go as JSON text)", async () => {
    const d = drafted(document, ["zqObject"]);
    const text = d.manifestText.replace(
      "      zqName:\n",
      "      zqFiles:\n        type: json\n        jsonType: object\n        description: Files.\n" +
        "        wire: { in: body }\n      zqName:\n",
    );
    expect(text).toContain("zqFiles:");
    expect((await linkProblems({ ...d, manifestText: text })).join("\n")).toMatch(
      new RegExp(
        String.raw`manifest\.yaml:\d+:\d+: .*zqFiles\.wire: body field "zqFiles" .*holds files inside it ` +
          String.raw`\(zqFiles/zqFront, zqFiles/zqBack\): .*one JSON part`,
      ),
    );
  });

  it("refuses its operation where required, saying why", () => {
    expect(() => drafted(document, ["zqRequired"])).toThrow(
      /zqRequired \(its multipart field zqFiles holds files inside it \(zqFiles\/zqFront\), .*one JSON part/,
    );
  });
});
