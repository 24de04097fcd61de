// Each concept record names its contract case and its place in the shelf
// fixture (or why none): the kind it names is one the contract suite derives,
// and the field it names is one the shelf fixture sets — so that a concept
// the shelf loses in a merge (timeoutMs once did, and no test noticed) fails
// here, naming the concept.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { manifestFieldsSet } from "../../test-support/manifest-fields.js";
import { REPOSITORY } from "../../test-support/neutral-copy.js";
import { CASE_KINDS, isDerivedKind } from "../contract/kinds/index.js";
import type { ConceptRecord } from "./concept-record.js";
import { CONCEPTS } from "./concepts.js";

const records = Object.entries(CONCEPTS) as [string, ConceptRecord][];
const schema = JSON.parse(readFileSync(join(REPOSITORY, "specs/manifest.schema.json"), "utf8"));
const shelfFields = (text: string) => new Set(manifestFieldsSet(schema, parse(text)));
const SHELF = readFileSync(join(REPOSITORY, "test-support/fixtures/specs/shelf/manifest.yaml"), "utf8");

/** The concepts whose shelf field the manifest does not set. */
const missingFromShelf = (fields: Set<string>) =>
  records
    .filter(([, r]) => "field" in r.shelf && !fields.has(r.shelf.field))
    .map(([name, r]) => `${name}: ${"field" in r.shelf ? r.shelf.field : ""}`);

describe("each concept's contract case and place in the shelf fixture", () => {
  it("names a contract-case kind the suite derives, or why none", () => {
    for (const [name, r] of records) {
      if ("kind" in r.contract)
        expect(
          Object.keys(CASE_KINDS).filter((k) => isDerivedKind(k as never)),
          name,
        ).toContain(r.contract.kind);
      else expect(r.contract.none.length, name).toBeGreaterThan(10);
    }
  });

  it("names a field the shelf fixture sets, or why the shelf does not use it", () => {
    expect(records.filter(([, r]) => "field" in r.shelf).length).toBeGreaterThan(0);
    expect(missingFromShelf(shelfFields(SHELF))).toEqual([]);
    for (const [name, r] of records) if ("none" in r.shelf) expect(r.shelf.none.length, name).toBeGreaterThan(10);
  });

  it("and fails, naming the concept, when the shelf loses a concept's field", () => {
    const lost = SHELF.replace(/^ {4}timeoutMs: .*\n/m, "");
    expect(lost).not.toBe(SHELF);
    expect(missingFromShelf(shelfFields(lost))).toEqual(["timeout: operation.timeoutMs"]);
  });
});
