// A JSON body offered under other JSON types too (`application/*+json`, a range of JSON types, and `text/json` beside
// `application/json`, as ASP.NET documents list them) is one JSON form: the range was read as a raw form beside the
// JSON and drafted as a file parameter sent under it. A `content` key that is no media type (`examples` beside the
// JSON, a misplaced keyword) names no form a request is sent in: it was drafted as a raw form too.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const done = { "204": { description: "Done." } };

const document = openapi({
  "/zqpins": {
    post: {
      operationId: "zqSendPin",
      requestBody: {
        content: {
          "application/json": { schema: { type: "string", example: "zq-1234" } },
          "text/json": { schema: { type: "string" } },
          "application/*+json": { schema: { type: "string" } },
        },
      },
      responses: done,
    },
  },
  "/zqorigins": {
    post: {
      operationId: "zqGetOrigin",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqOriginId"],
              properties: { zqOriginId: { type: "string", example: "zq-o1" } },
            },
          },
          examples: {},
        },
      },
      responses: done,
    },
  },
});

describe("a JSON body beside other JSON types, or beside a key that is no media type", () => {
  const d = drafted(document, ["zqSendPin", "zqGetOrigin"], "zqjj");

  it("a JSON range beside the JSON drafts no file parameter: the body is the JSON value alone", () => {
    const pin = d.manifest.operations.zqjj_zq_send_pin;
    expect(Object.values(pin?.params ?? {}).map((p) => p.type)).toEqual(["string"]);
    expect(pin?.rules).toBeUndefined();
    const notes = d.notes.filter((n) => n.at.includes("zqjj_zq_send_pin")).map((n) => n.note);
    expect(notes.join("\n")).not.toMatch(/raw bytes|as a file's bytes/);
  });

  it("a key that is no media type beside the JSON drafts no file parameter: the fields alone", () => {
    const origin = d.manifest.operations.zqjj_zq_get_origin;
    expect(Object.keys(origin?.params ?? {})).toEqual(["zqOriginId"]);
    expect(origin?.params?.zqOriginId?.required).toBe(true);
    expect(origin?.rules).toBeUndefined();
  });

  it("sends each as application/json, taken by the judge, and every derived case passes", async () => {
    const tools = await linkedTools(d, "zqjj");
    const [pin, origin] = ["zqjj_zq_send_pin", "zqjj_zq_get_origin"].map((id) => tools.find((t) => t.id === id));
    const param = Object.keys(d.manifest.operations.zqjj_zq_send_pin?.params ?? {})[0] as string;
    const sends: Array<[typeof pin, Record<string, unknown>, string]> = [
      [pin, { [param]: "zq-9" }, '"zq-9"'],
      [origin, { zqOriginId: "zq-o2" }, '{"zqOriginId":"zq-o2"}'],
    ];
    for (const [tool, input, text] of sends) {
      const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", ...input });
      expect(judged.refusals).toEqual([]);
      expect(sent.headers.get("content-type")).toBe("application/json");
      expect(new TextDecoder().decode(sent.body)).toBe(text);
    }
    expect((await failedCases(d, "zqjj")).failed).toEqual([]);
  });
});
