// A request body typed otherwise than its Content-Type header parameter says (header-media-type.ts): the cut writes it
// under the header's one type where its schema fits, so that the draft takes a file part and a call sends multipart
// (or the bytes under the header's type), as the request judge reads the cut; where it cannot, a note says how it goes.
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  type Json,
} from "../../__fixtures__/draft-kit.js";
import { namedMediaTypes } from "../../../load/ignored-headers.js";
import { uncallableWhy } from "../../uncallable.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const UPLOAD_FILE = { type: "string", format: "binary", description: "The binaries of the file" };
const UPLOAD = {
  content: {
    "application/json": {
      schema: {
        properties: {
          file: UPLOAD_FILE,
          zqItem: { type: "string", maxLength: 60, description: "The item the file goes with, a JSON text." },
        },
        required: ["file"],
      },
    },
  },
};
const contentTypeWords = {
  name: "Content-type",
  in: "header",
  required: true,
  description: "Equal to 'multipart/form-data', no other value allowed",
  schema: { type: "string" },
};
const created = { "201": { description: "Created." } };
const document = openapi(
  {
    "/zq-media-files": {
      post: {
        operationId: "postZqMedia",
        parameters: [contentTypeWords],
        requestBody: { $ref: "#/components/requestBodies/ZqUpload" },
        responses: created,
      },
    },
    "/zq-archives": {
      post: {
        operationId: "postZqArchive",
        parameters: [{ name: "Content-Type", in: "header", schema: { type: "string", enum: ["application/zip"] } }],
        requestBody: { content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } },
        responses: created,
      },
    },
    "/zq-pictures": {
      post: {
        operationId: "postZqPicture",
        parameters: [
          {
            name: "Content-Type",
            in: "header",
            required: true,
            description: "The picture's type: image/png or image/jpeg.",
            schema: { type: "string" },
          },
        ],
        requestBody: { content: { "application/json": { schema: { type: "object", properties: { zqBody: {} } } } } },
        responses: created,
      },
    },
    // A JSON wrapper of a raw payload: one string member beside a header naming a type of bytes.
    "/zq-packages/{zqId}/content": {
      put: {
        operationId: "putZqPackageContent",
        parameters: [
          { name: "zqId", in: "path", required: true, schema: { type: "string", maxLength: 20 } },
          { name: "Content-Type", in: "header", schema: { type: "string", enum: ["application/zip"] } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqFile"],
                properties: { zqFile: { description: "The package's file.", type: "string" } },
              },
            },
          },
        },
        responses: {
          "202": { description: "Taken.", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
      // Two members: which one is the payload the document does not say; left as published, noted.
      post: {
        operationId: "postZqPackageContent",
        parameters: [
          { name: "zqId", in: "path", required: true, schema: { type: "string", maxLength: 20 } },
          { name: "Content-Type", in: "header", schema: { type: "string", enum: ["application/zip"] } },
        ],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { zqFile: { type: "string" }, zqName: { type: "string", maxLength: 20 } },
              },
            },
          },
        },
        responses: created,
      },
    },
    // The same wrapper beside a type of text: the member is the body's text.
    "/zq-reports": {
      post: {
        operationId: "postZqReport",
        parameters: [{ name: "Content-Type", in: "header", schema: { type: "string", enum: ["text/csv"] } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqRows"],
                properties: { zqRows: { type: "string", maxLength: 200 } },
              },
            },
          },
        },
        responses: created,
      },
    },
    "/zq-cards": {
      post: {
        operationId: "postZqCard",
        parameters: [{ name: "Content-Type", in: "header", required: true, schema: { default: "application/json" } }],
        requestBody: {
          content: {
            "application/vnd.zq.card.v1+json": {
              schema: { type: "object", properties: { zqCaption: { type: "string", maxLength: 20 } } },
            },
          },
        },
        responses: created,
      },
    },
  },
  { requestBodies: { ZqUpload: UPLOAD } },
);

describe("a request body typed otherwise than its Content-Type header parameter says", () => {
  it("is written under the header's one type where its schema fits, said and noted; it links", async () => {
    const d = drafted(document, ["postZqMedia", "postZqArchive"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    const media = cut.paths["/zq-media-files"].post.requestBody;
    expect(Object.keys(media.content)).toEqual(["multipart/form-data"]);
    expect(media.content["multipart/form-data"].schema.properties.file).toMatchObject({ format: "binary" });
    expect(Object.keys(cut.paths["/zq-archives"].post.requestBody.content)).toEqual(["application/zip"]);
    expect(d.openapiText).toContain("under the one media type their Content-Type header parameter names: postZqMedia");
    const said = notesAt(d, "openapi").join("\n");
    expect(said).toContain("postZqMedia (multipart/form-data, published as application/json)");
    expect(said).toContain("postZqArchive (application/zip, published as application/octet-stream)");
    const params = d.manifest.operations.acme_post_zq_media!.params ?? {};
    expect(params.file).toMatchObject({ type: "file", required: true });
    expect(params.zq_item ?? params.zqItem).toMatchObject({ type: "string" });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a call sends a multipart form, the file a part, which the judge takes; bytes as the header's type", async () => {
    const d = drafted(document, ["postZqMedia", "postZqArchive"]);
    const tools = await linkedTools(d);
    const media = tools.find((t) => t.id === "acme_post_zq_media");
    const archive = tools.find((t) => t.id === "acme_post_zq_archive");
    const itemName = Object.keys(d.manifest.operations.acme_post_zq_media!.params ?? {}).find((n) => n !== "file")!;
    const { sent, judged } = await judgedCall(d, media!, {
      accessToken: "zq-token-0001",
      file: new Blob(["zq bytes"], { type: "image/png" }),
      [itemName]: '{"code":"zq 1"}',
    });
    expect(sent.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    const text = new TextDecoder().decode(sent.body);
    expect(text).toContain('name="file"');
    expect(text).toContain("zq bytes");
    expect(text).toContain('{"code":"zq 1"}');
    expect(judged.refusals).toEqual([]);
    const bytes = await judgedCall(d, archive!, { accessToken: "zq-token-0001", file: new Blob(["PK zq"]) });
    expect(bytes.sent.headers.get("content-type")).toBe("application/zip");
    expect(bytes.judged.refusals).toEqual([]);
  });

  it("is left as published where the header names several types or both are JSON, noted", () => {
    const d = drafted(document, ["postZqPicture", "postZqCard"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    expect(Object.keys(cut.paths["/zq-pictures"].post.requestBody.content)).toEqual(["application/json"]);
    expect(Object.keys(cut.paths["/zq-cards"].post.requestBody.content)).toEqual(["application/vnd.zq.card.v1+json"]);
    expect(d.openapiText).not.toContain("Content-Type header parameter names");
    const picture = notesAt(d, "operations.acme_post_zq_picture").join("\n");
    expect(picture).toContain("it names image/png, image/jpeg, which the request body does not declare");
    expect(picture).toContain("a call sends the body as application/json");
    const card = notesAt(d, "operations.acme_post_zq_card").join("\n");
    expect(card).toContain("sends the body as application/vnd.zq.card.v1+json, as the body declares (both are JSON");
  });
});

describe("a JSON object of one member beside a Content-Type header naming a type of bytes", () => {
  it("is written as that member alone under the header's type, said and noted; it links", async () => {
    const d = drafted(document, ["putZqPackageContent", "postZqPackageContent"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    const put = cut.paths["/zq-packages/{zqId}/content"].put.requestBody;
    expect(put.content).toEqual({
      "application/zip": { schema: { description: "The package's file.", type: "string", format: "binary" } },
    });
    expect(Object.keys(cut.paths["/zq-packages/{zqId}/content"].post.requestBody.content)).toEqual([
      "application/json",
    ]);
    const said = notesAt(d, "openapi").join("\n");
    expect(said).toContain("putZqPackageContent (application/zip, published as application/json of {zqFile})");
    expect(said).not.toContain("postZqPackageContent (");
    const params = d.manifest.operations.acme_put_zq_package_content!.params ?? {};
    expect(Object.values(params).filter((p) => p.type === "file")).toHaveLength(1);
    expect(notesAt(d, "operations.acme_post_zq_package_content").join("\n")).toContain(
      "a call sends the body as application/json",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a call sends the file's bytes as the body under the header's type, no JSON around: judged", async () => {
    const d = drafted(document, ["putZqPackageContent"]);
    const [tool] = await linkedTools(d);
    const params = d.manifest.operations.acme_put_zq_package_content!.params ?? {};
    const fileParam = Object.entries(params).find(([, p]) => p.type === "file")![0];
    const idParam = Object.keys(params).find((n) => n !== fileParam)!;
    const { sent, judged } = await judgedCall(d, tool!, {
      accessToken: "zq-token-0001",
      [idParam]: "zq1",
      [fileParam]: new Blob(["PK\u0003\u0004 zq"]),
    });
    expect(sent.headers.get("content-type")).toBe("application/zip");
    expect(new TextDecoder().decode(sent.body)).toBe("PK\u0003\u0004 zq");
    expect(judged.refusals).toEqual([]);
  });
});

describe("a JSON object of one member beside a Content-Type header naming a type of text", () => {
  it("is written as that member's text under the header's type; a call sends the text as it is, judged", async () => {
    const d = drafted(document, ["postZqReport"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    expect(cut.paths["/zq-reports"].post.requestBody.content).toEqual({
      "text/csv": { schema: { type: "string", maxLength: 200 } },
    });
    const params = d.manifest.operations.acme_post_zq_report!.params ?? {};
    const [name, param] = Object.entries(params).find(([n]) => n !== "accessToken")!;
    expect(param).toMatchObject({ type: "string", required: true });
    const [tool] = await linkedTools(d);
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", [name]: "zq,1\nzq,2" });
    expect(sent.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(new TextDecoder().decode(sent.body)).toBe("zq,1\nzq,2");
    expect(judged.refusals).toEqual([]);
  });
});

describe("namedMediaTypes", () => {
  const header = (more: Json) => ({ name: "content-type", in: "header", schema: { type: "string" }, ...more });
  it("reads the enum, else the default or example, else a required one's words; media types, not links", () => {
    expect(namedMediaTypes(header({ schema: { enum: ["application/zip; q=1"], default: "text/plain" } }))).toEqual([
      "application/zip",
    ]);
    expect(namedMediaTypes(header({ schema: { default: "Application/JSON" } }))).toEqual(["application/json"]);
    expect(namedMediaTypes(contentTypeWords)).toEqual(["multipart/form-data"]);
    const words = { description: "See https://zq.example.org/rfc/7231 and image/png." };
    expect(namedMediaTypes(header({ ...words, required: true }))).toEqual(["image/png"]);
    expect(namedMediaTypes(header(words))).toEqual([]);
    expect(namedMediaTypes({ ...contentTypeWords, name: "X-Zq-Type" })).toEqual([]);
  });
});

describe("the uncallable check", () => {
  it("reads the body as the header's type: an object of a type not written goes as multipart", () => {
    const op = (parameters: Json[]) => ({
      parameters,
      requestBody: {
        required: true,
        content: { "application/x-zq-form": { schema: { type: "object", properties: { file: UPLOAD_FILE } } } },
      },
      responses: created,
    });
    const at = { path: "/zq", method: "post" };
    expect(uncallableWhy(document, { ...at, op: op([]) })).toContain("application/x-zq-form");
    expect(uncallableWhy(document, { ...at, op: op([contentTypeWords]) })).toBeUndefined();
  });
});
