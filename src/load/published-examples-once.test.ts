// A broken example that many operations share (a component's, by `$ref`) is one value at one place of the pinned
// published document: its canonical JSON is written once for what is wanted and once for what the pin holds there,
// not once for each operation (published-examples.ts). The warnings are one for each operation, as before.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { sha256 } from "../common/hash.js";
import { loadOpenApi } from "./openapi-source.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-published-once-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const SHARED = { id: "a", colour: "red" };
const OPERATIONS = ["zqlistPets", "zqlistCats", "zqlistDogs"];

function documentWith(): object {
  const answer = {
    description: "pets",
    content: {
      "application/json": {
        schema: { type: "object", additionalProperties: false, properties: { id: { type: "string" } } },
        examples: { theirs: { $ref: "#/components/examples/ZqShared" } },
      },
    },
  };
  return {
    openapi: "3.0.3",
    info: { title: "zqpets", version: "1" },
    paths: Object.fromEntries(
      OPERATIONS.map((id) => [`/${id}`, { get: { operationId: id, responses: { "200": answer } } }]),
    ),
    components: { examples: { ZqShared: { value: SHARED } } },
  };
}

describe("a broken example many operations share", () => {
  it("is written as canonical JSON once wanted and once pinned, one warning an operation", async () => {
    const dir = join(work, "specs", "zqpets");
    mkdirSync(join(dir, "upstream"), { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(documentWith(), null, 2));
    const pinned = JSON.stringify(documentWith(), null, 1);
    writeFileSync(join(dir, "upstream", "published.json"), pinned);
    writeFileSync(
      join(dir, "upstream", "source.yaml"),
      `format: openapi\nfile: published.json\nsha256: ${sha256(pinned)}\n`,
    );
    // canonical (canonical-json.ts) asks each object it writes for its prototype: the shared value's writings counted.
    const asked = vi.spyOn(Object, "getPrototypeOf");
    const loaded = await loadOpenApi(join(dir, "openapi.yaml"), work);
    expect(loaded.warnings.map((w) => w.detail)).toEqual(
      OPERATIONS.map((id) => expect.stringContaining(`example "theirs" of the 200 response of "${id}"`)),
    );
    const ofShared = asked.mock.calls.filter(([value]) => JSON.stringify(value) === JSON.stringify(SHARED));
    expect(ofShared).toHaveLength(2);
  });
});
