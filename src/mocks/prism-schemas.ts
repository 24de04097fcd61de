// Schemas Prism's validator can compile (mock-document.ts applies it to its copy). Prism compiles each schema it
// checks a request or an answer against (Ajv) and caches the function; a
// schema Ajv refuses is not cached, nothing is checked, and the next request
// compiles it again — on a large published document, seconds of every
// request, so that the suite ran past any time limit. The shape Ajv refuses
// that published OpenAPI 3.0 documents commonly have (a pattern that is no
// `u` expression, the other, generation refuses) is rewritten here, in
// place, as the document means it: `nullable: true` on a schema without
// `type` (beside `allOf`, `$ref`…), which Ajv's `nullable` refuses, becomes
// "itself or null"; a `oneOf` with a `discriminator` (the branch is named by
// a property, not by matching one branch alone) is checked as `anyOf`
// (discriminatedAsAnyOf, as generation's example check reads it). An enum of labels (text-enum.ts: an integer whose
// enum lists only texts like "0 (Unknown)") is dropped, the type kept: Prism's sampler served a label its own
// check then refused as no integer, and no value meets both. A string's enum of numbers or booleans (`type: string,
// enum: [10, 20]`) lists their texts, as the request judge reads it (schema-check.ts): Prism served 10, then refused
// it as no string.
import { discriminatedAsAnyOf, eachSchemaNode } from "../load/openapi-json-schema.js";
import { isEnumOfLabels } from "../load/text-enum.js";

type Node = Record<string, unknown>;

/** Rewrites, in place, the schemas under `root` that Ajv would refuse; returns how many. */
export function makeSchemasCompilable(root: unknown): number {
  // Discriminated unions first: a nullable one is wrapped whole below.
  let rewritten = discriminatedAsAnyOf(root);
  eachSchemaNode(root, (node) => {
    if (node.nullable === true && node.type === undefined) {
      nullOrItself(node);
      rewritten++;
    }
    if (isEnumOfLabels(node)) {
      delete node.enum;
      rewritten++;
    }
    if (withEnumTexts(node)) rewritten++;
  });
  return rewritten;
}

/**
 * The node becomes `{anyOf: [<itself without nullable>, {type: "null"}]}`,
 * keeping its identity (references to it follow); itself first, so that an
 * answer made up from the schema is still made from it.
 */
function nullOrItself(node: Node): void {
  const { nullable: _nullable, ...itself } = node;
  // Annotations stay outside, where readers of the schema (the sampler, descriptions) look.
  const outer: Node = {};
  for (const key of ["description", "title", "example", "examples", "default", "readOnly", "writeOnly", "deprecated"])
    if (key in itself) outer[key] = itself[key];
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, outer, { anyOf: [itself, { type: "null" }] });
}

/**
 * A string's enum of numbers or booleans as their texts, in place, and no format (which the texts of numbers may not
 * meet), as the request judge reads it (judge/schema-check.ts); whether the node was one.
 */
function withEnumTexts(node: Node): boolean {
  const strings = node.type === "string" || (Array.isArray(node.type) && node.type.includes("string"));
  const scalar = (v: unknown) => typeof v === "number" || typeof v === "boolean";
  if (!strings || !Array.isArray(node.enum) || !node.enum.some(scalar)) return false;
  node.enum = node.enum.map((v) => (scalar(v) ? String(v) : v));
  delete node.format;
  return true;
}
