// An operation that answers JSON or, beside it, a stream of its parts (JSON values one a line, or server-sent events),
// switched by a body flag `stream` that defaults to true (Ollama's generate and chat): a call that leaves the flag out
// gets the stream, which the tool, reading one JSON answer, cannot read. The mock answers JSON whatever the flag, so
// the contract suite passed such a draft. The flag is drafted as a constant false the package sends itself; one that
// defaults to false (or to nothing) is left out, as before.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { loadProvider } from "../../emit/link-provider.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { type: "object", required: ["text"], properties: { text: { type: "string" } } };

function doc(streamed: string, flag: Record<string, unknown>) {
  const body = {
    type: "object",
    required: ["model"],
    properties: { model: { type: "string", maxLength: 100 }, stream: { type: "boolean", ...flag } },
  };
  return openapi({
    "/zqgenerate": {
      post: {
        operationId: "zqGenerate",
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: {
          "200": {
            description: "The answer, or its parts as they come.",
            content: {
              "application/json": { schema: answer, example: { text: "hi" } },
              [streamed]: { schema: answer },
            },
          },
        },
      },
    },
  });
}

describe("a stream flag that defaults to true, beside a JSON answer", () => {
  it("is a constant false (JSON values one a line, or events), said in a note; the draft links", async () => {
    for (const streamed of ["application/x-ndjson", "text/event-stream"]) {
      const d = drafted(doc(streamed, { default: true }), ["zqGenerate"], "zqgen");
      const op = d.manifest.operations.zqgen_zq_generate!;
      expect(Object.keys(op.params ?? {}), streamed).toEqual(["model"]);
      expect(op.constants, streamed).toEqual([{ in: "body", pointer: "/stream", value: false }]);
      expect(notesAt(d, "operations.zqgen_zq_generate.constants").join("\n")).toContain(
        "stream defaults to true, which makes the upstream answer a stream",
      );
      expect(await linkProblems(d, "zqgen")).toEqual([]);
    }
  });

  it("a call sends stream: false in its body", async () => {
    const d = drafted(doc("application/x-ndjson", { default: true }), ["zqGenerate"], "zqgen");
    const root = mkdtempSync(join(tmpdir(), "blockwright-zq-streamflag-"));
    const dir = join(root, "specs", "zqgen");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    try {
      const tool = (await loadProvider(root, dir)).operations[0]?.tool;
      if (!tool) throw new Error("zqgen_zq_generate not linked");
      const bodies: unknown[] = [];
      const fetchFn = async (request: Request) => {
        bodies.push(JSON.parse(await request.text()));
        return new Response(JSON.stringify({ text: "hi" }), { headers: { "content-type": "application/json" } });
      };
      const result = await executeToolDefinition(
        tool,
        { accessToken: "zq-token-0001", model: "zq-model" },
        { baseUrl: "https://api.acme.test", fetch: fetchFn },
      );
      expect(result, JSON.stringify(result)).toMatchObject({ success: true });
      expect(bodies).toEqual([{ model: "zq-model", stream: false }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a flag that defaults to false, or to nothing, is left out with no constant", () => {
    for (const flag of [{ default: false }, {}]) {
      const d = drafted(doc("application/x-ndjson", flag), ["zqGenerate"], "zqgen");
      const op = d.manifest.operations.zqgen_zq_generate!;
      expect(Object.keys(op.params ?? {})).toEqual(["model"]);
      expect(op.constants).toBeUndefined();
      expect(notesAt(d, "operations.zqgen_zq_generate").join("\n")).toContain(
        "stream is left out: true makes the upstream answer a stream of JSON values, one a line",
      );
    }
  });
});

// OpenRouter's streaming variant of its chat completion (`/chat/completions#stream`): it answers events only, and its
// `stream` flag admits true alone (`enum: [true], default: true`). The flag was drafted as a constant false, which its
// own schema refuses: generate stopped on the draft (BW2009). A flag that admits no false is the operation's, not a
// switch: drafted as any field admitting one value is (left out where optional), and the tool reads the stream.
describe("a stream flag that admits true alone, on an operation answering events only", () => {
  it("is no constant false; the draft links and reads the stream", async () => {
    const events = {
      type: "object",
      required: ["model"],
      properties: {
        model: { type: "string", maxLength: 100 },
        stream: { type: "boolean", enum: [true], default: true },
      },
    };
    const document = openapi({
      "/zqgenerate#stream": {
        post: {
          operationId: "zqStreamGenerate",
          requestBody: { required: true, content: { "application/json": { schema: events } } },
          responses: { "200": { description: "Its parts.", content: { "text/event-stream": { schema: answer } } } },
        },
      },
    });
    const d = drafted(document, ["zqStreamGenerate"], "zqgen");
    const op = d.manifest.operations.zqgen_zq_stream_generate!;
    expect(op.constants ?? []).not.toContainEqual(expect.objectContaining({ pointer: "/stream", value: false }));
    expect(op.stream).toBeDefined();
    expect(await linkProblems(d, "zqgen")).toEqual([]);
  });
});
