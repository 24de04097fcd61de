// Structured data under a text media type (`text/plain: {schema: {type: object, properties}}`): `add` left such an
// operation out ("a media type the runtime does not write yet"). It is drafted now as a JSON body's fields with
// `bodyEncoding: json` and a review note; the runtime sends the fields' JSON text under the documented text/plain, the
// mock (Prism reads a text body as a string) takes it, and the judge holds the body to JSON text of its schema.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
import { requestBodyOf } from "../../load/request-bodies.js";
import { startMocks } from "../../mocks/mocks.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const document = (mediaType = "text/plain") =>
  openapi(
    {
      "/zqrotas/{rota}": {
        post: {
          operationId: "putZqRota",
          parameters: [{ name: "rota", in: "path", required: true, schema: { type: "string" } }],
          requestBody: {
            required: true,
            content: { [mediaType]: { schema: { $ref: "#/components/schemas/ZqRota" } } },
          },
          responses: ok,
        },
      },
    },
    {
      schemas: {
        ZqRota: {
          type: "object",
          required: ["name"],
          properties: { name: { type: "string", maxLength: 40 }, steps: { type: "array", items: { type: "integer" } } },
        },
      },
    },
  );
const at = "operations.acme_put_zq_rota";

describe("structured data under a text media type", () => {
  it("is drafted as a JSON body's fields with bodyEncoding: json and a note, and links", async () => {
    const d = drafted(document(), ["putZqRota"]);
    const op = d.manifest.operations.acme_put_zq_rota;
    expect(op?.bodyEncoding).toBe("json");
    expect(op?.params?.name).toMatchObject({ type: "string", required: true, wire: { in: "body" } });
    expect(notesAt(d, `${at}.bodyEncoding`)).toEqual([expect.stringMatching(/text\/plain.*check what the API parses/)]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    expect(tool?.body).toEqual({ mediaType: "text/plain", encoding: "json" });
  });

  it("is sent as the fields' JSON text under the documented Content-Type, which the judge takes", async () => {
    const d = drafted(document("text/plain; charset=utf-8"), ["putZqRota"]);
    const [tool] = await linkedTools(d);
    const input = { accessToken: "zq-token-0001", rota: "r1", name: "Night é", steps: [1, 2] };
    const { sent, judged } = await judgedCall(d, tool!, input);
    expect(sent.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual({ name: "Night é", steps: [1, 2] });
    expect(judged.refusals).toEqual([]);
  });

  it("is refused by the judge when not JSON text of its schema, or not under the documented type", async () => {
    const d = drafted(document(), ["putZqRota"]);
    const [tool] = await linkedTools(d);
    const asText = { ...tool!, body: { mediaType: "text/plain", encoding: "text" as const } };
    const text = await judgedCall(d, asText, { accessToken: "zq-token-0001", rota: "r", name: "Night" });
    expect(text.judged.refusals.map((r) => [r.rule, r.message])).toEqual([
      ["schema", expect.stringMatching(/whose schema is an object or array: not its JSON text/)],
    ]);
    const asJson = { ...tool!, body: { mediaType: "application/json", encoding: "json" as const } };
    const json = await judgedCall(d, asJson, { accessToken: "zq-token-0001", rota: "r", name: "Night" });
    expect(json.judged.refusals.map((r) => [r.rule, r.pointer])).toEqual([["mediaType", "/header/content-type"]]);
    const spec = structuredClone(tool!);
    delete (spec.params.find((p) => p.name === "name") as { maxLength?: number }).maxLength; // the runtime's check off
    const long = await judgedCall(d, spec, { accessToken: "zq-token-0001", rota: "r", name: "n".repeat(41) });
    expect(long.judged.refusals.map((r) => [r.rule, r.pointer])).toEqual([["schema", "/body/name"]]);
  });

  it("needs bodyEncoding: json said where a parameter is placed in it, and takes it for no other body", async () => {
    const d = drafted(document(), ["putZqRota"]);
    const unsaid = d.manifestText
      .replace(/ *# review: the request body is text\/plain.*\n(?: *# {3}.*\n)*/, "")
      .replace(/ *bodyEncoding: json\n/, "");
    expect(unsaid).not.toMatch(/bodyEncoding/);
    expect(await linkProblems({ ...d, manifestText: unsaid })).toEqual([
      expect.stringMatching(/text\/plain of an object or array schema: .*say `bodyEncoding: json`/),
    ]);
    const j = drafted(document("application/json"), ["putZqRota"]);
    expect(j.manifest.operations.acme_put_zq_rota?.bodyEncoding).toBeUndefined();
    const said = j.manifestText.replace(/(\n {4}outputs:)/, "\n    bodyEncoding: json$1");
    expect(await linkProblems({ ...j, manifestText: said })).toEqual([
      expect.stringMatching(/says `bodyEncoding: json`, and its request body is application\/json.*remove it/),
    ]);
  });

  it("is read only for an object or array schema under a text type, not under another type", () => {
    const read = (content: Record<string, unknown>) => {
      const b = requestBodyOf((v) => v, { content });
      return b && [b.encoding, b.jsonText ?? false];
    };
    expect(read({ "text/plain": { schema: { type: "object" } } })).toEqual(["json", true]);
    expect(read({ "text/csv": { schema: { type: "array", items: { type: "string" } } } })).toEqual(["json", true]);
    expect(read({ "text/plain": { schema: { type: "string" } } })).toEqual(["text", false]);
    expect(read({ "application/xml": { schema: { type: "object", xml: { name: "zq" } } } })).toEqual(["xml", false]);
    expect(read({ "image/png": { schema: { type: "object" } } })).toBeUndefined();
    expect(read({ "application/zq-pack": { schema: { type: "object" } } })).toBeUndefined();
    expect(read({ "text/event-stream": { schema: { type: "object" } } })).toBeUndefined();
  });

  it("is taken by the mock (Prism reads the text as a string) and answered", async () => {
    const d = drafted(document(), ["putZqRota"]);
    const dir = join(draftWorkFolder, "mock-json-text", "specs");
    mkdirSync(join(dir, "acme"), { recursive: true });
    writeFileSync(join(dir, "acme", "openapi.yaml"), d.openapiText);
    const mocks = await startMocks(["acme"], { specsDir: dir, logLevel: "silent" });
    try {
      const send = (body: string, type = "text/plain") =>
        fetch(`${mocks.urls.acme}/zqrotas/r1`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1", "content-type": type },
          body,
        }).then((r) => r.status);
      expect(await send(JSON.stringify({ name: "Night", steps: [1] }))).toBe(200);
      expect(await send("name=Night")).toBe(422);
      expect(await send(JSON.stringify({ name: "Night" }), "application/json")).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
