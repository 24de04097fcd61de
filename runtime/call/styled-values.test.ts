// Each of OpenAPI's serialization rules on the wire the runtime writes, on
// the zqwire fixture (one operation per rule; src/contract/planted-mistakes
// .test.ts runs its derived suite through the request judge): path values in
// the label, matrix and simple styles and one spanning segments, every query
// style, allowReserved, allowEmptyValue, a JSON-encoded (`content`) value,
// lists and objects in headers, a form body with a JSON-encoded field.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const zqwire = irFixture("zqwire");
const tool = (id: string): ToolSpec => zqwire.operations.find((o) => o.tool.id === id)!.tool;
const KEY = "zq-key-0123456789";

async function sent(id: string, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { ok: true }));
  const result = await executeToolDefinition(tool(id), { apiKey: KEY, ...params }, { fetch });
  expect(result).toMatchObject({ success: true });
  return seen[0]!;
}

const pathOf = (url: string) => new URL(url).pathname;

describe("values written as the document's styles say", () => {
  it(
    "keeps a path value spanning segments whole, each segment encoded (multiSegment), " +
      "where one segment's value sent its / as %2F",
    async () => {
      expect(pathOf((await sent("zqwire_get_file", { path: "docs/guide/intro.md" })).url)).toBe(
        "/v1/zqfiles/docs/guide/intro.md",
      );
    },
  );

  it("writes path values in the label, matrix and simple styles", async () => {
    expect(pathOf((await sent("zqwire_label", { color: "blue" })).url)).toBe("/v1/zqlabel/.blue");
    expect(pathOf((await sent("zqwire_matrix", { ids: [3, 5] })).url)).toBe("/v1/zqmatrix/;ids=3;ids=5");
    expect(pathOf((await sent("zqwire_point", { point: { x: 3, y: 4 } })).url)).toBe("/v1/zqpoints/x=3,y=4");
  });

  it(
    "writes every query style, a JSON-encoded value, a reserved-allowing value raw, an empty value, " +
      "each item's own delimiter encoded",
    async () => {
      const request = await sent("zqwire_search", {
        tags: ["red", "blue"],
        ids: [1, 2],
        words: ["quick", "fox"],
        codes: ["AB", "CD"],
        filter: { state: "open" },
        q: { term: "fox" },
        next: "/pages/two:next",
        term: "north/east",
        anyLevel: true,
      });
      expect(new URL(request.url).search).toBe(
        "?tags=red&tags=blue&ids=1,2&words=quick%20fox&codes=AB%7CCD&filter[state]=open" +
          "&q=%7B%22term%22%3A%22fox%22%7D&next=/pages/two:next&term=north%2Feast&level=",
      );
    },
  );

  it("writes a list and an exploded object in headers (simple style)", async () => {
    const request = await sent("zqwire_search", { sizes: [8, 16], meta: { lang: "en", tier: "paid" } });
    expect(request.headers.get("x-zq-sizes")).toBe("8,16");
    expect(request.headers.get("x-zq-meta")).toBe("lang=en,tier=paid");
  });

  it(
    "writes a form field list the document JSON-encodes " +
      "a JSON pair per item, and an unexploded list with its commas",
    async () => {
      const request = await sent("zqwire_send_message", {
        to: ["ada", "bob"],
        text: "hi",
        ids: [1, 2],
        meta: { lang: "en" },
      });
      expect(request.body).toBe("to=%22ada%22&to=%22bob%22&text=hi&ids=1,2&meta%5Blang%5D=en");
    },
  );

  it(
    "writes a multipart field the document types JSON as one part of that type (no file name), " +
      "the file after it with its own",
    async () => {
      const request = await sent("zqwire_upload", {
        file: new File([new Uint8Array([137, 80, 78, 71])], "a.png", { type: "image/png" }),
        info: { width: 2 },
      });
      const boundary = /boundary=(\S+)/.exec(request.headers.get("content-type") ?? "")?.[1];
      expect(boundary).toBeDefined();
      expect(request.body).toContain(
        `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\nContent-Type: ` +
          `application/json\r\n\r\n{"width":2}\r\n`,
      );
      expect(request.body).toContain(
        'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n',
      );
      expect(request.body.endsWith(`--${boundary}--\r\n`)).toBe(true);
    },
  );
});
