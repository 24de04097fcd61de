// A Swagger 2.0 form field that is a list is written as its `collectionFormat` says, `csv` when none is given
// (`ids=1,2`: one value), in a form and in multipart alike. The conversion to OpenAPI 3 kept the field's schema and
// dropped its format, so a draft sent a pair or a part per item (OpenAPI 3's default), which a server reading one
// comma-separated value (a local AI server's transcription upload, `timestamp_granularities`) reads as its last item
// alone. The conversion now writes each list field's format as the form's Encoding Object says it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools } from "../__fixtures__/draft-kit.js";
import { swaggerToOpenApi } from "./convert.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const list = (name: string, collectionFormat?: string) => ({
  name,
  in: "formData",
  type: "array",
  items: { type: "string" },
  ...(collectionFormat ? { collectionFormat } : {}),
});

const swagger = (consumes: string, file: boolean) => ({
  swagger: "2.0",
  info: { title: "Zq", version: "1" },
  host: "api.acme.test",
  schemes: ["https"],
  securityDefinitions: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } },
  security: [{ zqKey: [] }],
  paths: {
    "/zqtranscripts": {
      post: {
        operationId: "zqTranscribe",
        consumes: [consumes],
        parameters: [
          ...(file ? [{ name: "zqFile", in: "formData", type: "file", required: true }] : []),
          list("zqGrains"),
          list("zqWords", "ssv"),
          list("zqTags", "multi"),
        ],
        responses: {
          "200": { description: "done", schema: { type: "object", properties: { id: { type: "string" } } } },
        },
      },
    },
  },
});

const called = async (consumes: string, file: boolean) => {
  const d = drafted(swaggerToOpenApi(swagger(consumes, file), "zq.json"), ["zqTranscribe"]);
  const [tool] = await linkedTools(d);
  const input = {
    apiKey: "zq-key-0000000001",
    zqGrains: ["word", "seg,ment"],
    zqWords: ["a", "b"],
    zqTags: ["x", "y"],
    ...(file ? { zqFile: new Blob(["zq bytes"], { type: "text/plain" }) } : {}),
  };
  const { sent, judged } = await judgedCall(d, tool as never, input);
  return { body: new TextDecoder().decode(sent.body), judged };
};

describe("a Swagger 2.0 form field that is a list", () => {
  it("is sent in a form as its collectionFormat says (csv when none is given)", async () => {
    const { body, judged } = await called("application/x-www-form-urlencoded", false);
    expect(body).toBe("zqGrains=word,seg%2Cment&zqWords=a%20b&zqTags=x&zqTags=y");
    expect(judged.refusals).toEqual([]);
  });

  it("is one part in multipart, its items joined as its format says (a part's text is not encoded)", async () => {
    const { body, judged } = await called("multipart/form-data", true);
    const parts = body.split(/--[^\r\n]+\r\n/).filter((p) => p.includes("name="));
    const part = (name: string) => parts.filter((p) => p.includes(`name="${name}"`)).map((p) => p.split("\r\n\r\n")[1]);
    expect(part("zqGrains")).toEqual([expect.stringMatching(/^word,seg,ment\r\n/)]);
    expect(part("zqWords")).toEqual([expect.stringMatching(/^a b\r\n/)]);
    expect(part("zqTags")).toEqual([expect.stringMatching(/^x\r\n/), expect.stringMatching(/^y\r\n/)]);
    expect(judged.refusals).toEqual([]);
  });
});
