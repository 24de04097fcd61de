// A multipart file part's Content-Type, as OpenAPI's Encoding Object gives it: application/octet-stream for a binary
// field whose encoding names none (before, the runtime sent a path's type by its extension, or a Blob's own, and the
// judge took any type for a file), the file's own type where the encoding's list or range admits it, else the first
// type listed or the range's most common one. Each call is recorded and judged against the document.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { requestJudge } from "../../judge/judge.js";
import { multipartParts } from "../../judge/multipart.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  openapi,
  reply,
  type Json,
} from "../../import/__fixtures__/draft-kit.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-zq-part-type-"));
afterAll(() => {
  rmSync(draftWorkFolder, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
});

const upload = (operationId: string, encoding?: string) => ({
  post: {
    operationId,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["zqFile"],
            properties: { zqFile: { type: "string", format: "binary" }, zqNote: { type: "string" } },
          },
          ...(encoding ? { encoding: { zqFile: { contentType: encoding } } } : {}),
        },
      },
    },
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
  },
});
const document: Json = openapi({
  "/zq/plain": upload("zqPlain"),
  "/zq/listed": upload("zqListed", "image/png, image/jpeg"),
  "/zq/range": upload("zqRange", "image/*"),
});
const IDS = ["zqPlain", "zqListed", "zqRange"];
const d = drafted(document, IDS);

async function tool(operationId: string): Promise<ToolSpec> {
  const found = (await linkedTools(d)).find((t) => t.operationId === operationId);
  if (!found) throw new Error(`no tool ${operationId}`);
  return found;
}

/** The file part's Content-Type as sent, and the judge's refusals of the request. */
async function sentType(operationId: string, file: unknown): Promise<{ type?: string; refused: string[] }> {
  const { sent, judged } = await judgedCall(d, await tool(operationId), {
    zqFile: file,
    zqNote: "zq",
    accessToken: "zq-token-0001",
  });
  const parts = multipartParts(sent.body ?? new Uint8Array(), sent.headers.get("content-type") ?? "");
  if (typeof parts === "string") throw new Error(parts);
  const part = parts.find((p) => p.name === "zqFile");
  return { type: part?.contentType, refused: judged.refusals.map((r) => r.message) };
}

describe("a multipart file part's Content-Type", () => {
  it("is application/octet-stream where the encoding names none, whatever the file says of itself", async () => {
    const path = join(tmp, "zq-photo.png");
    writeFileSync(path, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const ok = { type: "application/octet-stream", refused: [] };
    expect(await sentType("zqPlain", path)).toEqual(ok);
    expect(await sentType("zqPlain", new Blob(["zq"], { type: "image/png" }))).toEqual(ok);
    expect(await sentType("zqPlain", new Uint8Array([1, 2, 3]))).toEqual(ok);
  });

  it("is the file's own type where the encoding's list admits it, else the first listed", async () => {
    expect(await sentType("zqListed", new Blob(["zq"], { type: "image/jpeg" }))).toEqual({
      type: "image/jpeg",
      refused: [],
    });
    expect(await sentType("zqListed", new Blob(["zq"], { type: "text/plain" }))).toEqual({
      type: "image/png",
      refused: [],
    });
  });

  it("is the file's own type within the encoding's range, else the range's most common type", async () => {
    const path = join(tmp, "zq-anim.gif");
    writeFileSync(path, "GIF89a");
    expect(await sentType("zqRange", path)).toEqual({ type: "image/gif", refused: [] });
    expect(await sentType("zqRange", new Uint8Array([1]))).toEqual({ type: "image/png", refused: [] });
  });

  it("is refused by the judge when another than the encoding lists (octet-stream where it lists none)", async () => {
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      credential: "form",
    });
    const judged = async (path: string, type: string) => {
      const form = new FormData();
      form.append("zqFile", new Blob(["zq"], { type }), "zq.bin");
      const request = new Request(`https://api.acme.test${path}`, { method: "POST", body: form });
      const body = new Uint8Array(await request.arrayBuffer());
      return judge({ method: "POST", url: request.url, headers: request.headers, body }).refusals.map((r) => r.message);
    };
    expect((await judged("/zq/plain", "image/png")).join("\n")).toMatch(
      /the part is image\/png; the default for its type is application\/octet-stream/,
    );
    expect((await judged("/zq/listed", "image/gif")).join("\n")).toMatch(
      /the part is image\/gif; the document's encoding\.contentType is image\/png or image\/jpeg/,
    );
    expect(await judged("/zq/range", "image/webp")).toEqual([]);
  });
});
