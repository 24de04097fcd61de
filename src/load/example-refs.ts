// An example whose value is only a local `$ref` (`value: {$ref:
// '#/components/schemas/X/example'}`), read as the value it names. OpenAPI
// takes an example's value literally, but Prism's bundler follows the `$ref`
// (and served `{"$ref": "#/__bundled__/example"}`, which names nothing) while
// the suite read the literal: followed once on load, the example check, the
// suite and the mocks all read the one value.
import { followLocalRefs } from "./json-ref.js";

type Node = Record<string, unknown>;

/** Keys whose object maps names to schemas (a property called `example` is no example). */
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "schemas", "dependentSchemas"]);

/** Keys whose values are data, not a document's objects. */
const DATA_KEYS = new Set(["default", "enum", "const"]);

/** Replace, in `document` itself, each example value (`example`, `examples.<name>.value`) that is only a local `$ref` by a copy of what it names; one naming nothing is left. */
export function followExampleRefs(document: unknown): void {
  const seen = new Set<unknown>();
  const follow = (value: unknown): unknown => {
    if (!isNode(value) || Object.keys(value).length !== 1 || typeof value.$ref !== "string" || !value.$ref.startsWith("#/")) return value;
    const target = followLocalRefs(document, value);
    return target === undefined ? value : structuredClone(target);
  };
  const walk = (node: unknown, names: boolean): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item, false);
      return;
    }
    const own = node as Node;
    for (const key of Object.keys(own)) {
      if (!names && key === "example") own[key] = follow(own[key]);
      else if (!names && key === "examples" && isNode(own[key])) {
        for (const entry of Object.values(own[key])) if (isNode(entry) && "value" in entry) entry.value = follow(entry.value);
      } else if (names || !(DATA_KEYS.has(key) || key.startsWith("x-"))) walk(own[key], NAME_MAPS.has(key) && !names);
    }
  };
  walk(document, false);
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
