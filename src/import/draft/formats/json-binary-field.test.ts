// A JSON body field of `format: binary`: bytes, which JSON cannot carry. The note said "format binary, which a
// manifest cannot state yet", as if bytes could be sent once it could. On the wire the runtime sends the text a call
// gives, as a JSON string, and refuses bytes before any request: the note says so now. Where the field's words say
// base64 the field is drafted as base64 text (a pattern its values match), so a value that is not is refused first.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  jsonBody,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";
import { server } from "../../../../test-support/runtime/loopback-server.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const preview = (description?: string) => ({
  type: "string",
  format: "binary",
  ...(description ? { description } : {}),
});
const zqDoc = (field: unknown) =>
  openapi({
    "/zqquills": {
      post: {
        operationId: "zqMakeQuill",
        requestBody: jsonBody({
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" }, preview: field },
        }),
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "q1" }) },
      },
    },
  });
const at = "operations.acme_zq_make_quill.params.preview";
const answer = () => ({ status: 200, headers: { "content-type": "application/json" }, body: '{"id":"q1"}' });

describe("a JSON body field of format binary", () => {
  it("is drafted as text, and its note says bytes cannot go in JSON: text is sent, bytes refused", async () => {
    const d = drafted(zqDoc(preview("The quill's preview.")), ["zqMakeQuill"]);
    expect(d.manifest.operations.acme_zq_make_quill?.params?.preview).toEqual({
      type: "string",
      description: "The quill's preview.",
      wire: { in: "body" },
    });
    expect(notesAt(d, at)).toEqual([
      "the spec gives format binary (bytes), which a JSON body cannot carry as they are: drafted as text, sent as " +
        "the text a call gives (a JSON string), and bytes are refused before any request. If the upstream takes " +
        "the bytes encoded (base64 most often), encode them before the call and say how in the description",
    ]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const upstream = await server(answer);
    try {
      const sent = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", name: "q", preview: "plain é text" },
        { baseUrl: upstream.url },
      );
      expect(sent).toMatchObject({ success: true });
      const bytes = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", name: "q", preview: new Uint8Array([1, 2, 255]) },
        { baseUrl: upstream.url },
      );
      expect(bytes).toMatchObject({ success: false, error: { type: "validation", param: "preview", rule: "type" } });
      expect(upstream.received.map((r) => JSON.parse(r.body))).toEqual([{ name: "q", preview: "plain é text" }]);
    } finally {
      await upstream.close();
    }
  });

  it("is drafted as base64 text where its words say base64: other text refused before any request", async () => {
    const d = drafted(zqDoc(preview("The preview image, base64-encoded.")), ["zqMakeQuill"]);
    expect(d.manifest.operations.acme_zq_make_quill?.params?.preview).toMatchObject({
      type: "string",
      patternHint: "base64 text, such as aGVsbG8=",
    });
    expect(notesAt(d, at)).toEqual([
      "the spec gives format binary (bytes), which a JSON body cannot carry as they are, and its words say base64: " +
        "drafted as base64 text (a pattern its values match); encode the bytes before the call",
    ]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const upstream = await server(answer);
    try {
      const encoded = Buffer.from([1, 2, 255]).toString("base64");
      const call = (value: string) =>
        executeToolDefinition(
          tool!,
          { accessToken: "zq-token-0001", name: "q", preview: value },
          { baseUrl: upstream.url },
        );
      expect(await call(encoded)).toMatchObject({ success: true });
      expect(await call("not base64!")).toMatchObject({ success: false, error: { param: "preview", rule: "pattern" } });
      expect(upstream.received.map((r) => JSON.parse(r.body))).toEqual([{ name: "q", preview: encoded }]);
    } finally {
      await upstream.close();
    }
  });
});
