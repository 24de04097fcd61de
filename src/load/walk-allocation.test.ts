// The walks the load makes over a document allocate little at the places where they find nothing: generate's
// collector runs by the bytes each provider allocates (a scavenge every few megabytes), and a copy of the path at each
// step, an array of keys or pairs and an iterator's results at each node (in code V8 has not optimised yet) were most
// of what these walks allocated (docs/contributing/performance.md, the twenty-seventh round).
import { describe, expect, it } from "vitest";
import { allocatedBy } from "../../test-support/heap-measures.js";
import { walkedDocument } from "../../test-support/documents/walked-document.js";
import { cutToBound } from "./bound-cut.js";
import { examineExamples } from "./examples/openapi-examples.js";
import { readDelimitedPatterns } from "./load-rewrites.js";
import { structureProblems } from "./structure/document-structure.js";
import { parseYamlSource } from "./yaml-source.js";

const N = 120;
/** The document's objects: each operation's path item, operation, parameters, responses and media, and its schemas. */
const NODES = N * 30;

/** Bytes a node of the document, the least of three runs (the first compiles). */
function perNode(step: () => void): number {
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) least = Math.min(least, allocatedBy(step));
  return least / NODES;
}

describe("what the load's walks allocate", () => {
  it("the structure check", () => {
    const document = walkedDocument(N);
    let problems = 0;
    const bytes = perNode(() => {
      problems += structureProblems(document).length;
    });
    expect(problems).toBe(0);
    expect(bytes).toBeLessThan(400); // 1,440 before the cut, about 145 after
  });

  it("the example walk of a document without examples", () => {
    const text = JSON.stringify(walkedDocument(N));
    const file = "/zqwalk/openapi.json";
    const files = new Map([[file, parseYamlSource(text, file)]]);
    let problems = 0;
    const bytes = perNode(() => {
      problems += examineExamples(files, file).problems.length;
    });
    expect(problems).toBe(0);
    expect(bytes).toBeLessThan(1000); // 1,270 before the cut, about 760 after
  });

  it("the cut to what the manifest binds", () => {
    const document = walkedDocument(N);
    const operations = Array.from({ length: N }, (_, i) => `zqGet${i}`);
    let kept = 0;
    const bytes = perNode(() => {
      kept += Object.keys(cutToBound(document, { operations, nextPages: [], webhooks: [] })?.paths ?? {}).length;
    });
    expect(kept).toBe(3 * N);
    expect(bytes).toBeLessThan(330); // 400 before the cut, about 255 after
  });

  it("the patterns' reading", () => {
    const document = walkedDocument(N);
    let found = 0;
    const bytes = perNode(() => {
      found += readDelimitedPatterns(document).length;
    });
    expect(found).toBe(0);
    expect(bytes).toBeLessThan(130); // 260 before the cut, about 53 after
  });
});
