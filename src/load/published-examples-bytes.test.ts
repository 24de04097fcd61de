// The pinned published document, when it holds each broken example where the draft does, is not parsed whole
// (published-examples.ts, json-values-at.ts): only those values are read from its bytes. Held elsewhere, or pinned as
// YAML, it is parsed whole as before; the warnings and errors are the same either way.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { sha256 } from "../common/hash.js";
import { loadOpenApi, OpenApiProblems } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-published-bytes-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const SCHEMA = { type: "object", additionalProperties: false, properties: { id: { type: "string" } } };
const THEIRS = { value: { id: "a", colour: "red" } };
const OURS = { value: { id: 7 } };

/** A document whose zqlistPets answers 200 with these named examples, and a large component of its own. */
function documentWith(examples: Record<string, unknown>): object {
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
    components: { schemas: { ZqBig: { type: "object", description: "zq ".repeat(2000) } } },
  };
}

let counter = 0;
/** A provider folder with the draft and its pinned published document (as `file`); the pinned text. */
function provider(draft: object, published: object, file = "published.json"): { openapi: string; pinned: string } {
  const dir = join(work, String(counter++), "specs", "zqpets");
  mkdirSync(join(dir, "upstream"), { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(draft, null, 2));
  const pinned = JSON.stringify(published, null, 1);
  writeFileSync(join(dir, "upstream", file), pinned);
  writeFileSync(join(dir, "upstream", "source.yaml"), `format: openapi\nfile: ${file}\nsha256: ${sha256(pinned)}\n`);
  return { openapi: join(dir, "openapi.yaml"), pinned };
}

/** The outcome of loading the draft, and whether the pinned text was parsed whole (by JSON.parse) on the way. */
async function outcome({ openapi, pinned }: { openapi: string; pinned: string }) {
  const parse = vi.spyOn(JSON, "parse");
  let result: { errors: string[]; warnings: string[] };
  try {
    const loaded = await loadOpenApi(openapi, work);
    result = { errors: [], warnings: loaded.warnings.map((w) => w.detail) };
  } catch (e) {
    if (!(e instanceof OpenApiProblems)) throw e;
    result = { errors: e.errors.map((x) => x.detail), warnings: [] };
  }
  return { ...result, parsedWhole: parse.mock.calls.some(([text]) => text === pinned) };
}

const UPSTREAM_S = /\(the published document's own example/;

describe("the pinned published document's examples, read from its bytes", () => {
  it("held where the draft holds them: warnings, and the document is not parsed whole", async () => {
    const examples = { theirs: THEIRS, ours: OURS };
    const seen = await outcome(provider(documentWith(examples), documentWith(examples)));
    expect(seen).toEqual({
      errors: [],
      warnings: [expect.stringMatching(UPSTREAM_S), expect.stringMatching(UPSTREAM_S)],
      parsedWhole: false,
    });
  });

  it("one held only under another name: parsed whole, and both are the upstream's as before", async () => {
    const seen = await outcome(
      provider(documentWith({ theirs: THEIRS, ours: OURS }), documentWith({ theirs: THEIRS, renamed: OURS })),
    );
    expect(seen).toEqual({
      errors: [],
      warnings: [expect.stringMatching(UPSTREAM_S), expect.stringMatching(UPSTREAM_S)],
      parsedWhole: true,
    });
  });

  it("another value where the draft holds it: parsed whole, and the example is ours (an error)", async () => {
    const seen = await outcome(
      provider(documentWith({ theirs: THEIRS, ours: OURS }), documentWith({ theirs: THEIRS, ours: { value: 8 } })),
    );
    expect(seen.parsedWhole).toBe(true);
    expect(seen.errors).toEqual([expect.stringMatching(/^example "ours" .*\/id must be string, got 7$/)]);
  });

  it("pinned under a YAML name: parsed whole, as before", async () => {
    const examples = { theirs: THEIRS };
    const seen = await outcome(provider(documentWith(examples), documentWith(examples), "published.yaml"));
    expect(seen.warnings).toEqual([expect.stringMatching(UPSTREAM_S)]);
    expect(seen.parsedWhole).toBe(true);
  });
});
