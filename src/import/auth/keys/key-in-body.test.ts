// A document that declares no security scheme, whose operations take their key as the query parameter `zq_api_key`
// (add drafts an API key scheme from it), and one operation, a multipart upload, takes the key as a field of its
// body instead: the added scheme's requirement was written for every operation, the body field covered by it
// (auth.covers), and the request judge rightly refused the upload's body without its required key field. The cut
// now writes `security: []` on the upload, and its key field is its own secret parameter, sent in the body.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { loadProvider } from "../../../emit/link-provider.js";
import { startMocks } from "../../../mocks/mocks.js";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "p1" });
const zqKey = { name: "zq_api_key", in: "query", required: true, schema: { type: "string" } };
// No security scheme, nor a requirement: the key parameter is the only word on the credential.
const {
  security: _none,
  components: _bearer,
  ...document
} = openapi({
  "/zqphotos": { get: { operationId: "listZqPhotos", parameters: [zqKey], responses: { "200": ok } } },
  "/zqupload": {
    post: {
      operationId: "uploadZqPhoto",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["zq_api_key", "photo"],
              properties: {
                zq_api_key: { type: "string" },
                photo: { type: "string", format: "binary" },
                title: { type: "string" },
              },
            },
          },
        },
      },
      responses: { "200": ok },
    },
  },
});

describe("an added key scheme whose key one operation takes in its request body, not where the scheme puts it", () => {
  it("writes security: [] on that operation in the cut, its key field its own secret parameter; it links", async () => {
    const d = drafted(document, ["listZqPhotos", "uploadZqPhoto"]);
    expect(await linkProblems(d)).toEqual([]);
    const cut = jsyaml.load(d.openapiText) as Json;
    expect(cut.security).toEqual([{ apiKeyAuth: [] }]);
    expect(cut.paths["/zqupload"].post.security).toEqual([]);
    expect(cut.paths["/zqphotos"].get.security).toBeUndefined();
    expect(d.openapiText).toContain("# Written out by blockwright add: uploadZqPhoto.security: []");
    expect(d.manifest.auth).toMatchObject({ scheme: "apiKeyAuth", param: "apiKey" });
    expect(d.manifest.auth).not.toHaveProperty("covers");
    const upload = d.manifest.operations.acme_upload_zq_photo?.params;
    expect(upload?.zq_api_key).toMatchObject({ type: "string", required: true, secret: true, wire: { in: "body" } });
    expect(notesAt(d, "auth").join("\n")).toContain("uploadZqPhoto takes the key in its request body");
  });

  it("a call of the upload sends the key in its body and none in the query; the judging mock takes it", async () => {
    const d = drafted(document, ["listZqPhotos", "uploadZqPhoto"]);
    const root = mkdtempSync(join(tmpdir(), "blockwright-zq-key-in-body-"));
    const dir = join(root, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const tools = (await loadProvider(root, dir)).operations.map((o) => o.tool);
    const upload = tools.find((t) => t.id === "acme_upload_zq_photo")!;
    const mocks = await startMocks(["acme"], { specsDir: join(root, "specs"), root });
    try {
      const sent: { url: string; body: string }[] = [];
      const fetchFn = async (request: Request) => {
        sent.push({ url: request.url, body: await request.clone().text() });
        return fetch(request);
      };
      const key = "zq-key-0123456789abcdef";
      const photo = new Blob(["zq"], { type: "text/plain" });
      const result = await executeToolDefinition(
        upload,
        { apiKey: key, zq_api_key: key, photo },
        { baseUrl: mocks.urls.acme!, fetch: fetchFn },
      );
      expect(result).toMatchObject({ success: true });
      expect(sent).toHaveLength(1);
      expect(sent[0]?.url).toBe(`${mocks.urls.acme}/zqupload`);
      expect(sent[0]?.body).toMatch(/name="zq_api_key"\r\n\r\nzq-key-0123456789abcdef\r\n/);
    } finally {
      await mocks.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
