// A file sent as the whole body, offered under several media types of no range (`image/gif`, `image/jpeg`,
// `image/png`: an image to screen, whichever kind it is). The call sent every file as the first type, a PNG labelled
// image/gif, which a service reading the Content-Type misreads or refuses. A file whose own type is one of those
// offered is sent as it; one of another type (or none) as the first, as before.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const files = mkdtempSync(join(runScratch(), "zq-offered-"));
afterAll(() => {
  rmSync(draftWorkFolder, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

const image = { type: "string", format: "binary" };
const document = openapi({
  "/zqscreen": {
    post: {
      operationId: "zqScreenImage",
      requestBody: {
        required: true,
        content: { "image/gif": { schema: image }, "image/jpeg": { schema: image }, "image/png": { schema: image } },
      },
      responses: { "200": reply({ type: "object", properties: { zqScore: { type: "number" } } }, { zqScore: 0.5 }) },
    },
  },
});

describe("a raw body offered under several media types", () => {
  const d = drafted(document, ["zqScreenImage"], "zqimgs");
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it("sends a file of one of them as its own type, as the request judge reads the document", async () => {
    const [tool] = await linkedTools(d, "zqimgs");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    expect(file).not.toBe("");
    for (const type of ["image/png", "image/jpeg", "image/gif"]) {
      const blob = new Blob([png], { type });
      const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", [file]: blob });
      expect(judged.refusals).toEqual([]);
      expect(sent.headers.get("content-type")).toBe(type);
      expect(Buffer.from(sent.body ?? new Uint8Array())).toEqual(Buffer.from(png));
    }
  });

  it("sends a file of a type not offered as the first type", async () => {
    const [tool] = await linkedTools(d, "zqimgs");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    const blob = new Blob([png], { type: "image/webp" });
    const { sent } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", [file]: blob });
    expect(sent.headers.get("content-type")).toBe("image/gif");
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqimgs");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});

// A file given as a path is typed by its name's extension: the kinds such bodies are offered under (a text to screen as
// `text/html`, `text/xml`, `text/markdown`; an image as `image/bmp`, `image/tiff`) were not among those the runtime
// knew, so an HTML page went as `text/plain`.
describe("a raw body offered under several media types, the file given as a path", () => {
  const text = { type: "string", format: "binary" };
  const kinds = ["text/plain", "text/html", "text/xml", "text/markdown", "image/bmp", "image/tiff"];
  const texts = openapi({
    "/zqscreen": {
      post: {
        operationId: "zqScreenText",
        requestBody: { required: true, content: Object.fromEntries(kinds.map((t) => [t, { schema: text }])) },
        responses: { "200": reply({ type: "object", properties: { zqLang: { type: "string" } } }, { zqLang: "en" }) },
      },
    },
  });

  it("sends each file as the type its name's extension says", async () => {
    const d = drafted(texts, ["zqScreenText"], "zqtexts");
    const [tool] = await linkedTools(d, "zqtexts");
    const file = tool?.params.find((p) => p.type === "file")?.name ?? "";
    const named: Array<[string, string]> = [
      ["zq.html", "text/html"],
      ["zq.htm", "text/html"],
      ["zq.xml", "text/xml"],
      ["zq.md", "text/markdown"],
      ["zq.bmp", "image/bmp"],
      ["zq.tif", "image/tiff"],
      ["zq.tiff", "image/tiff"],
      ["zq.txt", "text/plain"],
    ];
    for (const [name, type] of named) {
      const path = join(files, name);
      writeFileSync(path, "<zq>bytes</zq>\n");
      const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", [file]: path });
      expect(judged.refusals).toEqual([]);
      expect([name, sent.headers.get("content-type")]).toEqual([name, type]);
    }
  });
});
