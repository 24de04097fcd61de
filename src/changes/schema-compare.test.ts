// The comparison's cost on recursive unions (a tree whose nodes are a union
// of many node types, each holding children of the union): each pair of
// schema nodes is compared once, so the work grows with the node types, not
// with the paths through the tree. The nodes answer holds "any node", a
// union whose members' children are another union of the same types: a
// walk that knew a recursion only by a reference met again on its path
// compared the whole union again at every level (8 node types: 3 s; 12:
// minutes; a published design tool's 28: never done).
import { describe, expect, it } from "vitest";
import { recursiveUnionDocument } from "../../scripts/bench/shared/recursive-unions.js";
import { documentChanges, type DocumentSet } from "./document-diff.js";
import { SchemaComparer } from "./schema-compare.js";

const one = (doc: unknown): DocumentSet => ({ root: "zqtree.json", files: new Map([["zqtree.json", doc]]) });
const body = (path: string) => ({
  schema: { $ref: `#/paths/${path.replaceAll("/", "~1")}/get/responses/200/content/application~1json/schema` },
  file: "zqtree.json",
});

/** The pairs and nodes one comparison of the two versions' file answers goes through. */
function work(nodeTypes: number): { pairs: number; flattened: number } {
  const comparer = new SchemaComparer(
    one(recursiveUnionDocument(nodeTypes)),
    one(recursiveUnionDocument(nodeTypes, true)),
  );
  comparer.compare(body("/files/{key}/nodes"), body("/files/{key}/nodes"), "response");
  return { pairs: comparer.pairs, flattened: comparer.older.flattened + comparer.newer.flattened };
}

describe("comparing recursive unions", () => {
  it(
    "compares each pair of nodes once: the work grows with " + "the node types, not with the paths through the tree",
    () => {
      const [small, twice, four] = [work(10), work(20), work(40)];
      // Linear: twice the node types, about twice the work (a path walk multiplies it by the width at every level).
      expect(twice.pairs).toBeLessThan(small.pairs * 2.5);
      expect(four.pairs).toBeLessThan(twice.pairs * 2.5);
      expect(four.flattened).toBeLessThan(twice.flattened * 2.5);
    },
  );

  it(
    "still finds each change, at the first place the tree reaches it: a node type added, a paint added inside, " +
      "a field retyped",
    () => {
      const older = one(recursiveUnionDocument(6));
      const newer = one(recursiveUnionDocument(6, true));
      const lines = documentChanges(older, newer, [
        { operationId: "getZqFileNodes", method: "GET", path: "/files/{key}/nodes" },
      ])
        .filter((c) => c.severity !== "informational")
        .map((c) => `${c.kind} ${c.pointer}${c.new !== undefined ? ` ${JSON.stringify(c.new)}` : ""}`);
      expect(lines).toContain('response-property-one-of-added /nodes/{}/document "ZqNode6"');
      expect(lines).toContain('response-property-one-of-added /nodes/{}/document/children/* "ZqNode6"');
      expect(lines).toContain('response-property-one-of-added /nodes/{}/document/children/*/fills/* "ZqPatternPaint"');
      expect(lines).toContain('response-property-type-changed /nodes/{}/document/children/*/field1 ["string"]');
      // The same change is not listed again at every depth of the tree.
      expect(lines.filter((l) => l.includes("/children/*/children/*"))).toEqual([]);
    },
  );
});
