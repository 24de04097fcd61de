// A file field of an application/x-www-form-urlencoded body (an image upload as a form field: `format: binary`, or
// 3.1's `contentEncoding: base64`). add drafted it a text parameter: no file could be given, and a text went where the
// document says bytes. A form is a text format (OpenAPI 3.1.1, Encoding the x-www-form-urlencoded Media Type): the
// field is a file parameter now, its bytes sent percent-encoded, or as base64 text where its contentEncoding says so;
// the request judge reads both back as the document says.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";
import { server } from "../../../test-support/runtime/loopback-server.js";
import { requestJudge } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqDoc = openapi(
  {
    "/zqskins": {
      post: {
        operationId: "zqUploadSkin",
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["file"],
                properties: {
                  name: { type: "string" },
                  file: { type: "string", format: "binary", description: "The skin's image." },
                  icon: { type: "string", contentEncoding: "base64", contentMediaType: "image/png" },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  },
  {},
  { openapi: "3.1.0" },
);

// Bytes no UTF-8 text is (0xff), a space, reserved characters and an unreserved run.
const SKIN = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x20, 0x26, 0x3d, 0x2b, 0x2f, 0x7e, 0x2d]);
const ICON = Uint8Array.from([0xfb, 0xff, 0xfe, 0x01]);

describe("a file field of a urlencoded form", () => {
  it("is drafted a file parameter, noted, and links", async () => {
    const d = drafted(zqDoc, ["zqUploadSkin"]);
    const params = d.manifest.operations.acme_zq_upload_skin?.params ?? {};
    expect(params.file).toMatchObject({ type: "file", required: true, description: "The skin's image." });
    expect(params.icon).toMatchObject({ type: "file", contentType: "image/png" });
    expect(params.name).toMatchObject({ type: "string" });
    expect(notesAt(d, "operations.acme_zq_upload_skin.params.file").join("\n")).toContain(
      "the file's bytes sent as its bytes, each percent-encoded",
    );
    expect(notesAt(d, "operations.acme_zq_upload_skin.params.icon").join("\n")).toContain("as base64 text");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends the bytes percent-encoded, base64 where the field says so, on a loopback recorder", async () => {
    const [tool] = await linkedTools(drafted(zqDoc, ["zqUploadSkin"]));
    const upstream = await server(() => ({ status: 200, body: JSON.stringify({ id: "zq1" }) }));
    try {
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", name: "a b&c", file: SKIN, icon: ICON },
        { baseUrl: upstream.url },
      );
      expect(result).toMatchObject({ success: true });
      const sent = upstream.received[0];
      expect(sent?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(sent?.body).toBe("name=a%20b%26c&file=%89PNG%00%FF%20%26%3D%2B%2F~-&icon=%2B%2F%2F%2BAQ%3D%3D");
    } finally {
      await upstream.close();
    }
  });

  it("passes the request judge, which refuses a text of no base64 where the field says base64", async () => {
    const d = drafted(zqDoc, ["zqUploadSkin"]);
    const [tool] = await linkedTools(d);
    const { judged } = await judgedCall(d, tool!, {
      accessToken: "zq-token-0001",
      name: "a",
      file: SKIN,
      icon: ICON,
    });
    expect(judged.refusals).toEqual([]);
    const { judged: only } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", file: SKIN });
    expect(only.refusals).toEqual([]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      credential: "form",
    });
    const refused = (body: string) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqskins",
        headers: new Headers({
          "content-type": "application/x-www-form-urlencoded",
          authorization: "Bearer zq-token-0001",
        }),
        body: new TextEncoder().encode(body),
      }).refusals.map((r) => r.message);
    expect(refused("file=%FF%00&icon=%2B%2F%2F%2BAQ%3D%3D")).toEqual([]);
    expect(refused("file=%FF%00&icon=%FB%FF")).toEqual([
      'form field "icon": the document says it is base64 text (contentEncoding): not base64',
    ]);
  });
});
