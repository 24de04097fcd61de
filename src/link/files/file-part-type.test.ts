// A multipart file part's Content-Type, as OpenAPI's Encoding Object gives it: where the encoding names none, the
// file's own type (given with it, or its name's extension's), else application/octet-stream, OpenAPI's default for
// bytes where nothing is said of the file (before, octet-stream for every file, and the judge refused any other: the
// OpenAI, Mistral, Onfido and Mailgun SDKs send a file's own type, which services checking a part's type read); the
// file's own type where the encoding's list or range admits it, else the first type listed or the range's most common
// one. Each call is recorded and judged against the document.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { requestJudge } from "../../judge/judge.js";
import { multipartParts } from "../../judge/body/multipart.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  openapi,
  reply,
  type Json,
} from "../../import/__fixtures__/draft-kit.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-zq-part-type-"));
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
  "/zq/many": upload("zqMany", "video/zqa, video/zqb, video/x-zqc, application/x-subrip, text/plain"),
});
const IDS = ["zqPlain", "zqListed", "zqRange", "zqMany"];
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
  it("is the file's own type where the encoding names none (given, or by its name), else octet-stream", async () => {
    const path = join(tmp, "zq-scan.pdf");
    writeFileSync(path, "%PDF-1.7");
    expect(await sentType("zqPlain", path)).toEqual({ type: "application/pdf", refused: [] });
    expect(await sentType("zqPlain", new Blob(["zq"], { type: "image/png" }))).toEqual({
      type: "image/png",
      refused: [],
    });
    expect(await sentType("zqPlain", new File([new Uint8Array([1])], "zq-photo.jpg"))).toEqual({
      type: "image/jpeg",
      refused: [],
    });
    const ok = { type: "application/octet-stream", refused: [] };
    expect(await sentType("zqPlain", new Uint8Array([1, 2, 3]))).toEqual(ok);
    expect(await sentType("zqPlain", new File(["zq"], "zq-notes.zqunknown"))).toEqual(ok);
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

  it("is the listed type its name's extension names, not the first listed, its own type unlisted", async () => {
    const named = async (name: string) => (await sentType("zqMany", new File(["zq"], name))).type;
    expect(await named("zq-clip.zqb")).toBe("video/zqb");
    expect(await named("zq-clip.ZQC")).toBe("video/x-zqc");
    expect(await named("zq-subs.srt")).toBe("application/x-subrip");
    expect(await named("zq-notes.txt")).toBe("text/plain");
    expect(await named("zq-clip.zqunknown")).toBe("video/zqa");
    expect(await named("zq-clip")).toBe("video/zqa");
  });

  it("is the file's own type within the encoding's range, else the range's most common type", async () => {
    const path = join(tmp, "zq-anim.gif");
    writeFileSync(path, "GIF89a");
    expect(await sentType("zqRange", path)).toEqual({ type: "image/gif", refused: [] });
    expect(await sentType("zqRange", new Uint8Array([1]))).toEqual({ type: "image/png", refused: [] });
  });

  it("is taken by the judge of any type where the encoding lists none, refused outside one it lists", async () => {
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
    expect(await judged("/zq/plain", "image/png")).toEqual([]);
    expect(await judged("/zq/plain", "application/pdf")).toEqual([]);
    expect(await judged("/zq/plain", "application/octet-stream")).toEqual([]);
    expect((await judged("/zq/listed", "image/gif")).join("\n")).toMatch(
      /the part is image\/gif; the document's encoding\.contentType is image\/png or image\/jpeg/,
    );
    expect((await judged("/zq/range", "application/pdf")).join("\n")).toMatch(
      /the part is application\/pdf; the document's encoding\.contentType is image\/\*/,
    );
    expect(await judged("/zq/range", "image/webp")).toEqual([]);
  });
});
