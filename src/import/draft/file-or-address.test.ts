// A multipart field that is a file or its address (`oneOf: [binary string, uri string]`, each a $ref): drafted as
// text before, so a call sent a file's path as the part's text and could upload no file at all, while the judge and
// the mock took the text as the address branch. Drafted as the file now.
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
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = (branches: "oneOf" | "anyOf", second: Record<string, unknown>) =>
  openapi(
    {
      "/zqaudio": {
        post: {
          operationId: "transcribeZq",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  required: ["zqAudio"],
                  properties: {
                    zqAudio: {
                      [branches]: [{ $ref: "#/components/schemas/ZqBytes" }, second],
                      description: "The audio, or a public address of it.",
                    },
                    zqPrompt: { type: "string", maxLength: 40 },
                  },
                },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
        },
      },
    },
    {
      schemas: {
        ZqBytes: { type: "string", format: "binary", maxLength: 4096 },
        ZqAddress: { type: "string", format: "uri" },
      },
    },
  );

describe("a multipart field that is a file or its address", () => {
  it("is drafted as the file (its limits the binary branch's), links, and sends the bytes as a file part", async () => {
    const d = drafted(doc("oneOf", { $ref: "#/components/schemas/ZqAddress" }), ["transcribeZq"]);
    expect(d.manifest.operations.acme_transcribe_zq!.params!.zqAudio).toEqual({
      type: "file",
      description: "The audio, or a public address of it.",
      required: true,
      maxBytes: 4096,
      wire: { in: "body" },
    });
    expect(notesAt(d, "operations.acme_transcribe_zq.params.zqAudio").join(" ")).toContain("a file or a text");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const audio = new File(["zq bytes"], "zq.wav", { type: "audio/wav" });
    const { sent, judged } = await judgedCall(d, tool!, {
      accessToken: "zq-token-0001",
      zqAudio: audio,
      zqPrompt: "zq",
    });
    const form = await new Response(sent.body as BodyInit, { headers: sent.headers }).formData();
    const part = form.get("zqAudio") as File;
    expect([part.name, await part.text()]).toEqual(["zq.wav", "zq bytes"]);
    expect(judged.refusals).toEqual([]);
  });

  it("stays a value where another branch is no text (a file or an object)", () => {
    const d = drafted(doc("anyOf", { type: "object", properties: { zqUrl: { type: "string" } } }), ["transcribeZq"]);
    expect(d.manifest.operations.acme_transcribe_zq!.params!.zqAudio!.type).not.toBe("file");
  });
});
