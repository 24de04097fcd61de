// Where a derived case comes from, and the line that is: a parameter, rule
// or route of the manifest, an example or response of the OpenAPI document.
// Kinds name the place by its keys (cheap, plain data that crosses to
// worker threads); the reports find its line only for the cases that failed.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiOperation } from "../load/openapi-document.js";
import { locateInDocument, locateInManifest } from "../load/source-place.js";
import type { SourcePosition } from "../load/yaml-source.js";
import type { CaseSource, Subject } from "./types.js";

/**
 * A parameter of the tool in the manifest (the operation's own, or one shared by the provider), and optionally one of
 * its keys (`maximum`, `enum`…).
 */
export function paramSource(tool: ToolSpec, name: string, key?: string): CaseSource {
  return { document: "manifest", path: ["operations", tool.id, "params", name, ...(key ? [key] : [])] };
}

/** A part of the tool's operation in the manifest: `rules`, 0; `routes`, 1; `polling`. */
export function operationSource(tool: ToolSpec, ...path: (string | number)[]): CaseSource {
  return { document: "manifest", path: ["operations", tool.id, ...path] };
}

/** A response of the operation in the OpenAPI document, and its named example when given. */
export function responseSource(
  op: OpenApiOperation,
  status: string | number,
  mediaType?: string,
  example?: string,
): CaseSource {
  const media = mediaType
    ? [
        "content",
        mediaType,
        ...(example !== undefined ? (example === "default" ? ["example"] : ["examples", example]) : []),
      ]
    : [];
  return { document: "openapi", path: [...op.location, "responses", String(status), ...media] };
}

/** A part of the operation in the OpenAPI document: `requestBody`, `security`… */
export function specSource(op: OpenApiOperation, ...path: (string | number)[]): CaseSource {
  return { document: "openapi", path: [...op.location, ...path] };
}

/** The line of a case's source (see load/source-place.ts); undefined when the manifest was not read. */
export function locateSource(
  subject: Pick<Subject, "document" | "manifest">,
  source: CaseSource,
): SourcePosition | undefined {
  if (source.document === "openapi") return locateInDocument(subject.document.source, source.path);
  return subject.manifest ? locateInManifest(subject.manifest, source.path) : undefined;
}
