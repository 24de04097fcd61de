// The line of a place in a provider's specs, named by the keys that lead to
// it: in the manifest, a parameter an operation does not declare is looked up
// among the provider's shared ones; in the OpenAPI document, local `$ref`s are
// followed to the component that holds the place. The nearest place that
// exists stands in for one that does not (a removed parameter: its
// operation's parameters). For the contract reports and the diff's
// annotations.
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { INPUT_LIMITS, loadYamlSource, type SourcePosition, type YamlSource } from "./yaml-source.js";

export type PlacePath = readonly (string | number)[];

/**
 * A place in a manifest. A part an operation does not declare itself is
 * looked up among the provider's shared ones: `["operations", id, "params",
 * name, …]` falls back to `["params", name, …]`, `["operations", id,
 * "idempotency"]` to `["idempotency"]`.
 */
export function locateInManifest(manifest: YamlSource, path: PlacePath): SourcePosition {
  const [operations, , key, ...rest] = path;
  if (operations === "operations" && key !== undefined) {
    const own = path.slice(0, 4);
    const shared = [key, ...rest].slice(0, own.length - 2);
    if (valueAt(manifest.data, own) === undefined && valueAt(manifest.data, shared) !== undefined)
      return manifest.locate([key, ...rest]);
  }
  return manifest.locate(path);
}

/**
 * Finds places in `<specs>/<provider>/manifest.yaml` (named relative to
 * `root`), each manifest read once when first asked; undefined for a
 * provider that has none.
 */
export function manifestLocator(
  root: string,
  specs: string,
): (provider: string, path: PlacePath) => SourcePosition | undefined {
  const read = new Map<string, YamlSource | undefined>();
  return (provider, path) => {
    if (!read.has(provider)) {
      const file = join(specs, provider, "manifest.yaml");
      read.set(
        provider,
        existsSync(file) ? loadYamlSource(file, relative(root, file), INPUT_LIMITS.manifest) : undefined,
      );
    }
    const source = read.get(provider);
    return source ? locateInManifest(source, path) : undefined;
  };
}

/** A place in an OpenAPI document, following local `$ref`s on the way. */
export function locateInDocument(document: YamlSource, path: PlacePath): SourcePosition {
  return document.locate(followRefs(document.data, path));
}

/** The path with each local `$ref` met on the way replaced by the path it points to. */
export function followRefs(data: unknown, path: PlacePath): (string | number)[] {
  let out: (string | number)[] = [];
  let node = data;
  for (let i = 0; i < path.length; i++) {
    for (
      let hops = 0;
      hops < 16 && isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/");
      hops++
    ) {
      out = node.$ref
        .slice(2)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
      node = valueAt(data, out);
    }
    const key = path[i] as string | number;
    out.push(key);
    node = valueAt(node, [key]);
    if (node === undefined) return [...out, ...path.slice(i + 1)];
  }
  return out;
}

function valueAt(data: unknown, path: PlacePath): unknown {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, String(key))) return undefined;
    node = (node as Record<string, unknown>)[String(key)];
  }
  return node;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
