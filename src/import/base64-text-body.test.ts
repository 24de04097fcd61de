// A request body of a text type whose schema is base64 text (`text/plain: {type: string, format: byte}`, OpenAPI 3.0's
// base64-encoded characters) was neither one text (the format says bytes) nor a file's bytes (the type says text): add
// refused the operation as one no call of could succeed. Its value is bytes, written base64 under the documented type,
// as a raw body of format byte is (body.contentEncoding), and the request judge reads the body so.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqwrite": {
    post: {
      operationId: "zqWrite",
      requestBody: { required: true, content: { "text/plain": { schema: { type: "string", format: "byte" } } } },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a text body of format byte", () => {
  it("is drafted as the file it encodes, with a note saying the wire is base64", () => {
    const d = drafted(document, ["zqWrite"]);
    expect(d.manifest.operations.acme_zq_write?.params?.file).toMatchObject({
      type: "file",
      required: true,
      wire: { in: "body", pointer: "" },
    });
    expect(notesAt(d, "operations.acme_zq_write.params").join("\n")).toMatch(/format byte \(base64 text\)/);
  });

  it("sends the bytes base64-encoded under the text type, which the request judge accepts", async () => {
    const d = drafted(document, ["zqWrite"]);
    const [tool] = await linkedTools(d);
    const bytes = new TextEncoder().encode("zq,host=a value=1");
    const { sent, judged } = await judgedCall(d, tool as ToolSpec, { accessToken: "zq-token-0001", file: bytes });
    expect(sent.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(new TextDecoder().decode(sent.body)).toBe(Buffer.from(bytes).toString("base64"));
    expect(judged.refusals).toEqual([]);
  });
});
