// An Example Object a response's `examples` entry names by `$ref`, kept among another section's components
// (`components/schemas/ZqSummary`, as a published NFT API keeps its answers' examples), whose value breaks the schema
// (JSON text given as a string for an object). The walk reports it where it is, `components/schemas/ZqSummary/value`,
// a place the pinned published document's check did not look at: the publisher's own example stayed an error, and
// add's draft, linked as generate links it, was refused (BW1204, exit 1). It is now the published document's own
// example when the pinned document holds the same value at the same place: a warning, left out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sha256 } from "../../common/hash.js";
import { loadOpenApi, OpenApiProblems } from "../openapi-source.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-example-object-elsewhere-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = (value: string) => ({
  openapi: "3.1.0",
  info: { title: "zq", version: "1" },
  paths: {
    "/zqsummary": {
      get: {
        operationId: "zqSummary",
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: { type: "object", properties: { zqCount: { type: "integer" } } },
                examples: { zqSummary: { $ref: "#/components/schemas/ZqSummary" } },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { ZqSummary: { value } } },
});

let counter = 0;
/** A provider folder holding the document as add cuts it, and the published document pinned beside it. */
function provider(cut: string, published?: string): string {
  const dir = join(work, String(counter++), "specs", "zq");
  mkdirSync(join(dir, "upstream"), { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(document(cut)));
  if (published !== undefined) {
    const text = JSON.stringify(document(published));
    writeFileSync(join(dir, "upstream", "published.json"), text);
    writeFileSync(
      join(dir, "upstream", "source.yaml"),
      `format: openapi\nfile: published.json\nsha256: ${sha256(text)}\n`,
    );
  }
  return join(dir, "openapi.yaml");
}

async function problems(file: string): Promise<string[]> {
  try {
    await loadOpenApi(file, work);
    return [];
  } catch (e) {
    if (e instanceof OpenApiProblems) return e.errors.map((x) => x.detail);
    throw e;
  }
}

const TEXT = '{\n  "zqCount": 437\n}\n';

describe("an Example Object kept among another section's components", () => {
  it("the published document's own (the same value at the same place) is a warning and left out", async () => {
    const loaded = await loadOpenApi(provider(TEXT, TEXT), work);
    expect(loaded.warnings.map((w) => w.detail)).toEqual([
      expect.stringMatching(/must be object.*\(the published document's own example: left out/),
    ]);
  });

  it("without a pin, or with another value there, it stays an error", async () => {
    expect(await problems(provider(TEXT))).toEqual([
      expect.stringMatching(/does not match its schema.*must be object/),
    ]);
    expect(await problems(provider(TEXT, '{"zqCount": 1}'))).toEqual([
      expect.stringMatching(/does not match its schema.*must be object/),
    ]);
  });
});
