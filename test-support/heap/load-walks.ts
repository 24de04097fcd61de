// The steps of src/load/walk-allocation.test.ts, run in a thread of their own (fresh-heap.ts): the bytes each of the
// load's walks allocates per node of a document of N operations without examples, the least of three runs (the
// first compiles), and what the walk found (none of them finds anything to do there).
import { ownStrings } from "../../src/common/own-strings.js";
import { constructProblems } from "../../src/link/schema-constructs.js";
import { cutToBound } from "../../src/load/bound-cut.js";
import { examineExamples } from "../../src/load/examples/openapi-examples.js";
import { readDelimitedPatterns } from "../../src/load/load-rewrites.js";
import { structureProblems } from "../../src/load/structure/document-structure.js";
import { parseYamlSource } from "../../src/load/yaml-source.js";
import { walkedDocument } from "../documents/walked-document.js";
import { allocatedBy } from "./heap-measures.js";

export const N = 120;
/** The document's objects: each operation's path item, operation, parameters, responses and media, and its schemas. */
const NODES = N * 30;

export interface PerNode {
  /** Bytes allocated per node of the document. */
  bytes: number;
  /** What the walk found or kept, in its last run. */
  found: number;
}

function perNode(step: () => number): PerNode {
  let least = Number.POSITIVE_INFINITY;
  let found = 0;
  for (let i = 0; i < 3; i++)
    least = Math.min(
      least,
      allocatedBy(() => {
        found = step();
      }),
    );
  return { bytes: least / NODES, found };
}

export function structureCheck(): PerNode {
  const document = walkedDocument(N);
  return perNode(() => structureProblems(document).length);
}

export function exampleWalk(): PerNode {
  const file = "/zqwalk/openapi.json";
  const files = new Map([[file, parseYamlSource(JSON.stringify(walkedDocument(N)), file)]]);
  return perNode(() => examineExamples(files, file).problems.length);
}

/**
 * The example check of a document whose every operation names a shared parameter by `$ref` and answers with an
 * example of its schema (so each schema is copied, made JSON Schema and registered): found, the examples refused.
 */
export function exampleCheck(): PerNode {
  const document = walkedDocument(N) as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const components = (document as unknown as { components: Record<string, unknown> }).components;
  components.parameters = {
    ZqLimit: { name: "zqlimit", in: "query", schema: { type: "integer", maximum: 100, nullable: true }, example: 5 },
  };
  for (const item of Object.values(document.paths)) {
    const get = item.get as { parameters: unknown[]; responses: Record<string, { content: Record<string, object> }> };
    get.parameters = [{ $ref: "#/components/parameters/ZqLimit" }];
    Object.assign(get.responses["200"]?.content["application/json"] ?? {}, {
      example: { id: "5f0c6e2a-8f8e-4b8e-9a57-2d7e1a9b3c4d", name: "zq" },
    });
  }
  const file = "/zqcheck/openapi.json";
  const files = new Map([[file, parseYamlSource(JSON.stringify(document), file)]]);
  return perNode(() => examineExamples(files, file).mismatches.length);
}

export function boundCut(): PerNode {
  const document = walkedDocument(N);
  const operations = Array.from({ length: N }, (_, i) => `zqGet${i}`);
  return perNode(
    () => Object.keys(cutToBound(document, { operations, nextPages: [], webhooks: [] })?.paths ?? {}).length,
  );
}

export function patternsRead(): PerNode {
  const document = walkedDocument(N);
  return perNode(() => readDelimitedPatterns(document).length);
}

/** The link's check of the schema constructs the document's OpenAPI version does not allow (a walk of every node). */
export function schemaConstructs(): PerNode {
  const document = walkedDocument(N);
  return perNode(() => constructProblems(document, "3.0.3").length);
}

/** Each string of a whole document's data made its own (yaml-source.ts), over a document read back from its text. */
export function ownStringsMade(): PerNode {
  const document = JSON.parse(JSON.stringify(walkedDocument(N)));
  return perNode(() => {
    ownStrings(document);
    return Object.keys(document.paths).length;
  });
}
