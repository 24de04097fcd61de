// The pinned published document's examples looked for first where the draft holds them (published-examples.ts): the
// answer is the same as gathering the whole document's, whether each is found there, elsewhere or only once the
// document's example `$ref`s are followed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sha256 } from "../common/hash.js";
import { loadOpenApi, OpenApiProblems } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-published-places-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SCHEMA = { type: "object", additionalProperties: false, properties: { id: { type: "string" } } };

/** A document whose zqlistPets answers 200 with these named examples (and `components` when given). */
function documentWith(examples: Record<string, unknown>, components?: object): object {
  return {
    openapi: "3.0.3",
    info: { title: "zqpets", version: "1" },
    paths: {
      "/pets": {
        get: {
          operationId: "zqlistPets",
          responses: { "200": { description: "pets", content: { "application/json": { schema: SCHEMA, examples } } } },
        },
      },
    },
    ...(components ? { components } : {}),
  };
}

let counter = 0;
/** A provider folder with the draft (JSON is YAML) and its pinned published document. */
function provider(draft: object, published: object): string {
  const dir = join(work, String(counter++), "specs", "zqpets");
  mkdirSync(join(dir, "upstream"), { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(draft, null, 2));
  const text = JSON.stringify(published);
  writeFileSync(join(dir, "upstream", "published.json"), text);
  writeFileSync(
    join(dir, "upstream", "source.yaml"),
    `format: openapi\nfile: published.json\nsha256: ${sha256(text)}\n`,
  );
  return join(dir, "openapi.yaml");
}

async function outcome(file: string): Promise<{ errors: string[]; warnings: string[] }> {
  try {
    const loaded = await loadOpenApi(file, work);
    return { errors: [], warnings: loaded.warnings.map((w) => w.detail) };
  } catch (e) {
    if (e instanceof OpenApiProblems) return { errors: e.errors.map((x) => x.detail), warnings: [] };
    throw e;
  }
}

const THEIRS = { value: { id: "a", colour: "red" } };
const OURS = { value: { id: 7 } };

describe("the published document's examples, looked for where the draft holds them", () => {
  it("found there, each is the upstream's (a warning)", async () => {
    const examples = { theirs: THEIRS, ours: OURS };
    const { errors, warnings } = await outcome(provider(documentWith(examples), documentWith(examples)));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(/^example "theirs" .*has field "colour".*\(the published document's own example/),
      expect.stringMatching(/^example "ours" .*\/id must be string, got 7 \(the published document's own example/),
    ]);
  });

  it("one found there and one held elsewhere (under another name): both are the upstream's", async () => {
    const draft = documentWith({ theirs: THEIRS, ours: OURS });
    const published = documentWith({ theirs: THEIRS, renamed: OURS });
    const { errors, warnings } = await outcome(provider(draft, published));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(/^example "theirs" .*\(the published document's own example/),
      expect.stringMatching(/^example "ours" .*\(the published document's own example/),
    ]);
  });

  it("one held there as written, which the published document's $ref reads otherwise, stays an error", async () => {
    // The draft has no components: its `$ref` to another example's value names nothing and is left as written. The
    // published document names a value there, so what it holds at that place, read as the load reads it, differs.
    const colour = { $ref: "#/components/examples/zqcolour/value" };
    const draft = documentWith({ theirs: { value: { id: "a", colour } } });
    const published = documentWith(
      { theirs: { value: { id: "a", colour } } },
      { examples: { zqcolour: { value: "red" } } },
    );
    const { errors, warnings } = await outcome(provider(draft, published));
    expect(warnings).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(/^example "theirs" .*has field "colour"/)]);
  });
});
