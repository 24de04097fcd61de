// A request body of one text (`text/plain`, `text/csv`: a string schema under a media type that is no JSON, form,
// multipart, XML or file's bytes). `add` left such an operation out ("a media type the runtime does not write yet");
// it is drafted now as one string parameter holding the whole body, links, and the runtime sends the text as it is
// (its UTF-8 bytes, typed as the document's media type), which the request judge reads against the string schema.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";
import { requestBodyOf } from "../../load/request-bodies.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const withBody = (content: Record<string, unknown>, required = true) =>
  openapi({
    "/zqlines/{sheet}": {
      put: {
        operationId: "putZqLines",
        parameters: [{ name: "sheet", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { required, content },
        responses: ok,
      },
    },
  });

describe("a request body of one text", () => {
  it("is drafted as one string parameter holding the whole body, and links", async () => {
    const d = drafted(withBody({ "text/csv": { schema: { type: "string", maxLength: 500 } } }), ["putZqLines"]);
    expect(d.manifest.operations.acme_put_zq_lines?.params?.body).toMatchObject({
      type: "string",
      required: true,
      maxLength: 500,
      wire: { in: "body", pointer: "" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is sent as its text as it is, typed as the document's media type, and the judge takes it", async () => {
    const d = drafted(withBody({ "text/plain": { schema: { type: "string", pattern: "^[^\\t]*$" } } }), ["putZqLines"]);
    const [tool] = await linkedTools(d);
    const text = 'a,"b" & c=d +%20 / é ✓\nsecond line';
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", sheet: "s 1", body: text });
    // Its text holds characters outside ASCII: the type says their encoding (UTF-8), not the ASCII a bare text/* means.
    expect(sent.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(new TextDecoder().decode(sent.body)).toBe(text);
    expect(judged.refusals).toEqual([]);
    expect(judged.read.body).toBe(text);
  });

  it("is refused by the judge where the text breaks its schema", async () => {
    const d = drafted(withBody({ "text/plain": { schema: { type: "string", pattern: "^[a-z ]*$" } } }), ["putZqLines"]);
    const [tool] = await linkedTools(d);
    const spec = structuredClone(tool!);
    delete (spec.params.find((p) => p.name === "body") as { pattern?: string }).pattern; // the runtime's own check off
    const { judged } = await judgedCall(d, spec, { accessToken: "zq-token-0001", sheet: "s", body: "Upper Case" });
    expect(judged.refusals.map((r) => [r.rule, r.pointer])).toEqual([["schema", "/body"]]);
  });

  it("is none of a file's bytes, a stream or a form of one value: those keep their own readings", () => {
    const resolve = (v: Record<string, unknown>) => v;
    const encoding = (content: Record<string, unknown>) => requestBodyOf(resolve, { content })?.encoding;
    expect(encoding({ "text/plain": { schema: { type: "string", format: "binary" } } })).toBe("binary");
    expect(encoding({ "text/plain": {} })).toBe("binary");
    expect(encoding({ "application/octet-stream": { schema: { type: "string" } } })).toBe("binary");
    expect(encoding({ "text/event-stream": { schema: { type: "string" } } })).toBeUndefined();
    expect(encoding({ "application/x-tar": { schema: { type: "string" } } })).toBe("binary");
    expect(encoding({ "application/pdf": { schema: { type: "string" } } })).toBe("binary");
    // Base64 text of bytes: the bytes, sent base64-encoded under the text type (base64-text-body.test.ts).
    expect(encoding({ "text/plain": { schema: { type: "string", format: "byte" } } })).toBe("binary");
    expect(encoding({ "text/plain": { schema: { type: "object" } } })).toBe("json"); // its JSON text: json-text-body
    expect(encoding({ "text/plain": { schema: { type: "string" } } })).toBe("text");
    expect(
      encoding({ "application/json": { schema: { type: "string" } }, "text/plain": { schema: { type: "string" } } }),
    ).toBe("json");
  });

  it("takes nothing but the whole body's string: a parameter of another type fails the link, naming it", async () => {
    const d = drafted(withBody({ "text/plain": { schema: { type: "string" } } }), ["putZqLines"]);
    const manifest = d.manifestText.replace(
      /( {8})type: string\n(\s+description: The request body\.)/,
      "$1type: json\n$2",
    );
    expect(manifest).not.toBe(d.manifestText);
    expect(await linkProblems({ ...d, manifestText: manifest })).toEqual([
      expect.stringMatching(
        /params\.body\.type: type json disagrees with body field "\(whole body\)", which is string/,
      ),
    ]);
  });
});
