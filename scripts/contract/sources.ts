// Where a derived case comes from, and the line that is: a parameter, rule
// or route of the manifest, an example or response of the OpenAPI document.
// Kinds name the place by its keys (cheap, plain data that crosses to
// worker threads); the reports find its line only for the cases that failed.
import type { ToolSpec } from "@blockwright/runtime";
import type { OpenApiOperation } from "../codegen/openapi-document.js";
import type { SourcePosition, YamlSource } from "../yaml/yaml-source.js";
import type { CaseSource, Subject } from "./types.js";

/** A parameter of the tool in the manifest (the operation's own, or one shared by the provider), and optionally one of its keys (`maximum`, `enum`…). */
export function paramSource(tool: ToolSpec, name: string, key?: string): CaseSource {
  return { document: "manifest", path: ["operations", tool.id, "params", name, ...(key ? [key] : [])] };
}

/** A part of the tool's operation in the manifest: `rules`, 0; `routes`, 1; `polling`. */
export function operationSource(tool: ToolSpec, ...path: (string | number)[]): CaseSource {
  return { document: "manifest", path: ["operations", tool.id, ...path] };
}

/** A response of the operation in the OpenAPI document, and its named example when given. */
export function responseSource(op: OpenApiOperation, status: string | number, mediaType?: string, example?: string): CaseSource {
  const media = mediaType ? ["content", mediaType, ...(example !== undefined ? (example === "default" ? ["example"] : ["examples", example]) : [])] : [];
  return { document: "openapi", path: [...op.location, "responses", String(status), ...media] };
}

/** A part of the operation in the OpenAPI document: `requestBody`, `security`… */
export function specSource(op: OpenApiOperation, ...path: (string | number)[]): CaseSource {
  return { document: "openapi", path: [...op.location, ...path] };
}

/**
 * The line of a case's source: in the OpenAPI document, following local
 * `$ref`s to the component that holds it; in the manifest, a parameter the
 * operation does not declare is looked up among the provider's shared ones.
 * The nearest place that exists when the rest does not. Undefined when the
 * manifest was not read.
 */
export function locateSource(subject: Pick<Subject, "document" | "manifest">, source: CaseSource): SourcePosition | undefined {
  if (source.document === "openapi") return locate(subject.document.source, source.path);
  const manifest = subject.manifest;
  if (!manifest) return undefined;
  const [operations, , params, name, ...rest] = source.path;
  if (operations === "operations" && params === "params" && name !== undefined && valueAt(manifest.data, source.path.slice(0, 4)) === undefined && valueAt(manifest.data, ["params", name]) !== undefined) {
    return locate(manifest, ["params", name, ...rest]);
  }
  return locate(manifest, source.path);
}

function locate(source: YamlSource, path: (string | number)[]): SourcePosition {
  return source.locate(followRefs(source.data, path));
}

/** The path with each local `$ref` met on the way replaced by the path it points to. */
function followRefs(data: unknown, path: (string | number)[]): (string | number)[] {
  let out: (string | number)[] = [];
  let node = data;
  for (let i = 0; i < path.length; i++) {
    for (let hops = 0; hops < 16 && isObject(node) && typeof node.$ref === "string" && node.$ref.startsWith("#/"); hops++) {
      out = node.$ref
        .slice(2)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
      node = valueAt(data, out);
    }
    const key = path[i] as string | number;
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[String(key)] : undefined;
    out.push(key);
    if (node === undefined) return [...out, ...path.slice(i + 1)];
  }
  return out;
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let node = data;
  for (const key of path) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    if (!Object.hasOwn(node, String(key))) return undefined;
    node = (node as Record<string, unknown>)[String(key)];
  }
  return node;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
