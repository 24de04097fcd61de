// Published documents in the version the project reads: OpenAPI 3.0 and 3.1
// as they are, Swagger 2.0 converted to OpenAPI 3.0.0 (src/import/document/swagger2.ts
// says why the project converts it itself), which every reader of the project
// takes (loadOpenApi, openapi-typescript, Prism).
import { convertSwagger2, SwaggerConversionError } from "./swagger2.js";
import { withStreamDefinitions } from "./swagger2-stream-definitions.js";
import { withPathItemRefsWrittenOut } from "./path-item-refs.js";

type Json = Record<string, unknown>;

/** What a published document is, by its version field. */
export type DocumentKind = { format: "openapi"; version: string } | { format: "swagger"; version: "2.0" };

export class UnsupportedDocument extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedDocument";
  }
}

/**
 * The kind of `data`, or why it is not an OpenAPI 3.0/3.1 or Swagger 2.0 document (`name` as messages show the file).
 */
export function documentKind(data: unknown, name: string): DocumentKind {
  if (data === null || typeof data !== "object" || Array.isArray(data))
    throw new UnsupportedDocument(`${name} is not an API document (its top level is not a mapping)`);
  const doc = data as Json;
  if (typeof doc.openapi === "string" && /^3\.[012](\.\d+)?$/.test(doc.openapi)) {
    if (doc.paths === null || typeof doc.paths !== "object")
      throw new UnsupportedDocument(
        `${name}: an OpenAPI document needs paths, got ${JSON.stringify(doc.paths ?? null)}`,
      );
    return { format: "openapi", version: doc.openapi };
  }
  if (doc.swagger === "2.0") return { format: "swagger", version: "2.0" };
  if (doc.kind === "discovery#restDescription")
    throw new UnsupportedDocument(
      `${name} is an API Discovery document: add reads OpenAPI 3.0, 3.1, 3.2 and Swagger 2.0 (write the OpenAPI ` +
        "by hand; blockwright upstream compares Discovery documents)",
    );
  const version = doc.openapi ?? doc.swagger;
  const unread = typeof version === "string" && version.startsWith("3.") ? `; OpenAPI ${version} is not read yet` : "";
  throw new UnsupportedDocument(
    `${name}: not an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 document (openapi: ` +
      `${JSON.stringify(doc.openapi ?? null)}, swagger: ${JSON.stringify(doc.swagger ?? null)})${unread}`,
  );
}

/**
 * A Swagger 2.0 document as OpenAPI 3.0.0. The converted document may share
 * values with the one given, which is not to be used again.
 */
export function swaggerToOpenApi(swagger: Json, name: string): Json {
  try {
    // grpc-gateway v1's stream schemas, kept beside the definitions, made definitions first.
    return convertSwagger2(withStreamDefinitions(swagger));
  } catch (e) {
    if (!(e instanceof SwaggerConversionError)) throw e;
    throw new UnsupportedDocument(`${name}: Swagger 2.0 could not be converted to OpenAPI 3.0: ${e.message}`);
  }
}

/** The document as OpenAPI 3.0 or 3.1: converted when it is Swagger 2.0. */
export function asOpenApi3(data: unknown, name: string): { document: Json; kind: DocumentKind } {
  const kind = documentKind(data, name);
  if (kind.format === "openapi") return { document: withPathItemRefsWrittenOut(data as Json), kind };
  const document = swaggerToOpenApi(withPathItemRefsWrittenOut(data as Json), name);
  // What the converter leaves as it was (paths that are no mapping) is refused as in any document.
  documentKind(document, name);
  return { document, kind };
}
