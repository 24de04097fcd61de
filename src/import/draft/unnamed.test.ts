// A published document whose operations have no operationId (hand-written
// documents, older versions of a vendor's): add drafts them named as
// `METHOD /path`, generate links and types them, and the package compiles.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { typeCheckMessages } from "../../../test-support/type-check.js";
import { generate } from "../../emit/generate-all.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqthing = {
  type: "object",
  required: ["zqid"],
  properties: { zqid: { type: "string" }, zqlabel: { type: "string" } },
};
const document = openapi({
  "/zqthings": {
    post: {
      summary: "Create a thing",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqlabel"],
              properties: { zqlabel: { type: "string", maxLength: 64 } },
            },
          },
        },
      },
      responses: { "201": reply(zqthing, { zqid: "t1", zqlabel: "first" }) },
    },
  },
  "/zqthings/{zqid}": {
    get: {
      summary: "Get a thing",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
      responses: { "200": reply(zqthing, { zqid: "t1", zqlabel: "first" }) },
    },
  },
});

describe("operations without an operationId", () => {
  const d = drafted(document, ["POST /zqthings", "GET /zqthings/{zqid}"]);

  it(
    "are drafted named as METHOD /path, their tool ids from the method and path as an operationId reads " +
      "(a verb, the path's nouns), with a note to check them",
    () => {
      expect(Object.fromEntries(Object.entries(d.manifest.operations).map(([id, op]) => [id, op.operationId]))).toEqual(
        {
          acme_create_zqthing: "POST /zqthings",
          acme_get_zqthing: "GET /zqthings/{zqid}",
        },
      );
      expect(notesAt(d, "operations.acme_create_zqthing")).toEqual([
        expect.stringContaining("POST /zqthings has no operationId in the document"),
      ]);
      expect(d.manifest.operations.acme_get_zqthing?.title).toBe("Get a thing");
    },
  );

  it(
    "link as generate links them, and their package's types read the answers under paths " +
      "(openapi-typescript lists only named operations)",
    async () => {
      expect(await linkProblems(d)).toEqual([]);
      const specsDir = join(draftWorkFolder, "unnamed", "specs");
      mkdirSync(join(specsDir, "acme"), { recursive: true });
      writeFileSync(join(specsDir, "acme", "openapi.yaml"), d.openapiText);
      writeFileSync(join(specsDir, "acme", "manifest.yaml"), d.manifestText);
      const outDir = join(draftWorkFolder, "unnamed", "generated");
      const { files } = await generate({ root, specsDir, outDir });
      const types = files.get("acme/index.d.ts") ?? "";
      expect(types).toContain(`paths["/zqthings/{zqid}"]["get"]["responses"][200]["content"]["application/json"]`);
      expect(types).not.toContain(`operations["GET /zqthings/{zqid}"]`);
      for (const [path, content] of files) {
        mkdirSync(join(outDir, path, ".."), { recursive: true });
        writeFileSync(join(outDir, path), content);
      }
      // never, were the answer looked up where openapi-typescript has none: the consumer fails then.
      const consumer = join(outDir, "consumer.mts");
      writeFileSync(
        consumer,
        [
          `import type { AcmeGetZqthingOutput } from "./acme/index.js";`,
          "type IsNever<T> = [T] extends [never] ? true : false;",
          `export const typed: IsNever<AcmeGetZqthingOutput["data"]> = false;`,
          `export const label: string | undefined = ({} as AcmeGetZqthingOutput["data"]).zqlabel;`,
          "",
        ].join("\n"),
      );
      expect(typeCheckMessages([join(outDir, "acme/index.d.ts"), consumer])).toEqual([]);
    },
  );
});

describe("an operation whose operationId is an empty text", () => {
  const blank = openapi({
    "/zqthings/{zqid}": {
      get: {
        operationId: "",
        summary: "Get a thing",
        parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 32 } }],
        responses: { "200": reply(zqthing, { zqid: "t1", zqlabel: "first" }) },
      },
    },
  });

  it("is drafted as one without, as METHOD /path (an empty operationId the manifest refused), and links", async () => {
    const d = drafted(blank, ["GET /zqthings/{zqid}"]);
    expect(Object.fromEntries(Object.entries(d.manifest.operations).map(([id, op]) => [id, op.operationId]))).toEqual({
      acme_get_zqthing: "GET /zqthings/{zqid}",
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});
