// A published example of a shared component breaking its schema (a header parameter every operation refers to, its
// example an object where its schema says text): checked once per operation that refers to it, it was warned of as
// often, each warning at the same line (a document of six such operations: seven warnings of one example). It is
// one warning now, and still left out of what generation, mocks and the suite read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { sha256 } from "../common/hash.js";
import { loadOpenApi } from "./openapi-source.js";

const work = mkdtempSync(join(runScratch(), "blockwright-published-shared-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const operation = (operationId: string) => ({
  get: {
    operationId,
    parameters: [{ $ref: "#/components/parameters/ZqSpan" }],
    responses: { "200": { description: "ok" } },
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zq", version: "1" },
  paths: { "/zqa": operation("listZqa"), "/zqb": operation("listZqb"), "/zqc": operation("listZqc") },
  components: {
    parameters: {
      ZqSpan: { in: "header", name: "Zq-Span", schema: { type: "string" }, example: { zq: "span" } },
    },
  },
};

describe("a published example of a shared component that breaks its schema", () => {
  it("is one warning, however many operations refer to it, and is left out", async () => {
    const dir = join(work, "specs", "zqspan");
    mkdirSync(join(dir, "upstream"), { recursive: true });
    const text = JSON.stringify(document);
    writeFileSync(join(dir, "openapi.yaml"), text);
    writeFileSync(join(dir, "upstream", "published.json"), text);
    writeFileSync(
      join(dir, "upstream", "source.yaml"),
      `format: openapi\nfile: published.json\nsha256: ${sha256(text)}\n`,
    );
    const loaded = await loadOpenApi(join(dir, "openapi.yaml"), work);
    expect(loaded.warnings.map((w) => w.detail)).toEqual([
      // The component's own (its line's), not one operation's.
      expect.stringMatching(/^the example of parameter ZqSpan .*\(the published document's own example: left out/),
    ]);
    const span = (loaded.source.data as typeof document).components.parameters.ZqSpan;
    expect(span).not.toHaveProperty("example");
  });
});
