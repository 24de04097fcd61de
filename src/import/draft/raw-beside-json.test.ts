// A body offered as JSON and as any bytes (`application/json` beside `*/*` admitting any value: a record stored as
// given, under the Content-Type it is sent with). It was drafted as the JSON alone, so no text or file could be
// sent. A file parameter at the whole body sits beside the JSON one now, one of the two given a call: JSON goes as
// application/json, a file as its own type (text as text/plain), and the request judge and the mock take each.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqrecords/{zqKey}": {
    put: {
      operationId: "zqPutRecord",
      parameters: [{ name: "zqKey", in: "path", required: true, schema: { type: "string" } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", additionalProperties: true, example: { zqMessage: "hi", zqCount: 2 } },
          },
          "*/*": { schema: {} },
        },
      },
      responses: {
        "201": { description: "Stored.", content: { "application/json": { schema: { type: "object" }, example: {} } } },
      },
    },
  },
});

describe("a body offered as JSON or as any bytes", () => {
  const d = drafted(document, ["zqPutRecord"], "zqkv");

  it("is drafted as the JSON or a file, one of them given; each sent under its own type", async () => {
    const op = d.manifest.operations.zqkv_zq_put_record;
    const file = Object.entries(op?.params ?? {}).find(([, p]) => p.type === "file")?.[0] ?? "";
    const json = Object.entries(op?.params ?? {}).find(([, p]) => p.type === "json")?.[0] ?? "";
    expect([json, file]).toEqual(["body", "file"]);
    expect(op?.rules).toEqual([{ rule: "exactlyOne", params: ["body", "file"] }]);
    const [tool] = await linkedTools(d, "zqkv");
    const given = { accessToken: "zq-token-0001", zqKey: "zq-1" };
    const sends: Array<[Record<string, unknown>, string, string]> = [
      [{ body: { zqMessage: "hi" } }, "application/json", '{"zqMessage":"hi"}'],
      [{ file: new Blob(["zq text"], { type: "text/plain" }) }, "text/plain", "zq text"],
      [{ file: new Blob(["<zq/>"], { type: "application/xml" }) }, "application/xml", "<zq/>"],
      [{ file: new Blob([new Uint8Array([0, 255, 7])]) }, "application/octet-stream", "\u0000\uFFFD\u0007"],
    ];
    for (const [input, type, text] of sends) {
      const { sent, judged } = await judgedCall(d, tool!, { ...given, ...input });
      expect(judged.refusals).toEqual([]);
      expect([sent.method, sent.headers.get("content-type")]).toEqual(["PUT", type]);
      expect(new TextDecoder().decode(sent.body)).toBe(text);
    }
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqkv");
    // A case for each form: the JSON alone, the file alone.
    expect(ids).toEqual(
      expect.arrayContaining([expect.stringMatching(/body alone$/), expect.stringMatching(/file alone$/)]),
    );
    expect(failed).toEqual([]);
  });
});
