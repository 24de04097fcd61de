// Published documents in the version the project reads: OpenAPI 3.0 and 3.1
// as they are, Swagger 2.0 converted to OpenAPI 3.0 by swagger2openapi (the
// converter the public directories of API documents run over all theirs).
//
// Why swagger2openapi rather than @scalar/openapi-upgrader, the smaller and
// more recently released one: on Swagger 2 as published (a chat vendor's
// RPC-style Web API, and a fixture of the shapes it uses) the upgrader drops the limits of
// form fields (enum, default, maxLength, items) in its last version that
// runs on Node.js 20, and in every version puts a `$ref` to
// `#/components/requestBodies/…` into an operation's `parameters` when a
// form field is declared once for the whole document (an invalid document).
// swagger2openapi keeps both, turns `x-nullable` into `nullable` and
// `collectionFormat` into style and explode, and emits OpenAPI 3.0.0, which
// every reader of the project takes (loadOpenApi, openapi-typescript,
// Prism). It is loaded only for a Swagger 2 document.
import { createRequire } from "node:module";

type Json = Record<string, unknown>;

/** What a published document is, by its version field. */
export type DocumentKind = { format: "openapi"; version: string } | { format: "swagger"; version: "2.0" };

export class UnsupportedDocument extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedDocument";
  }
}

/** The kind of `data`, or why it is not an OpenAPI 3.0/3.1 or Swagger 2.0 document (`name` as messages show the file). */
export function documentKind(data: unknown, name: string): DocumentKind {
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new UnsupportedDocument(`${name} is not an API document (its top level is not a mapping)`);
  const doc = data as Json;
  if (typeof doc.openapi === "string" && /^3\.[01](\.\d+)?$/.test(doc.openapi)) {
    if (doc.paths === null || typeof doc.paths !== "object") throw new UnsupportedDocument(`${name}: an OpenAPI document needs paths, got ${JSON.stringify(doc.paths ?? null)}`);
    return { format: "openapi", version: doc.openapi };
  }
  if (doc.swagger === "2.0") return { format: "swagger", version: "2.0" };
  if (doc.kind === "discovery#restDescription")
    throw new UnsupportedDocument(`${name} is an API Discovery document: add reads OpenAPI 3.0, 3.1 and Swagger 2.0 (write the OpenAPI by hand; blockwright upstream compares Discovery documents)`);
  const version = doc.openapi ?? doc.swagger;
  throw new UnsupportedDocument(
    `${name}: not an OpenAPI 3.0/3.1 or Swagger 2.0 document (openapi: ${JSON.stringify(doc.openapi ?? null)}, swagger: ${JSON.stringify(doc.swagger ?? null)})${typeof version === "string" && version.startsWith("3.") ? `; OpenAPI ${version} is not read yet` : ""}`,
  );
}

interface Swagger2OpenApi {
  convertObj(swagger: Json, options: Record<string, unknown>): Promise<{ openapi: Json }>;
}

/**
 * A Swagger 2.0 document as OpenAPI 3.0.0. `text` is the document as read
 * (swagger2openapi would otherwise write the whole document out as YAML
 * again, for its messages). The converted document may share values with
 * the one given, which is not to be used again.
 */
export async function swaggerToOpenApi(swagger: Json, text: string, name: string): Promise<Json> {
  const converter = createRequire(import.meta.url)("swagger2openapi") as Swagger2OpenApi;
  try {
    // patch: mend what a Swagger 2 document commonly gets wrong (a missing parameter type); resolve: false: no external files or network.
    const { openapi } = await converter.convertObj(swagger, { patch: true, warnOnly: true, resolve: false, text, source: name });
    return openapi;
  } catch (e) {
    throw new UnsupportedDocument(`${name}: Swagger 2.0 could not be converted to OpenAPI 3.0: ${(e as Error).message.split("\n")[0]}`);
  }
}

/** The document as OpenAPI 3.0 or 3.1: converted when it is Swagger 2.0. */
export async function asOpenApi3(data: unknown, text: string, name: string): Promise<{ document: Json; kind: DocumentKind }> {
  const kind = documentKind(data, name);
  if (kind.format === "openapi") return { document: data as Json, kind };
  const document = await swaggerToOpenApi(data as Json, text, name);
  documentKind(document, name); // what the converter leaves as it was (paths that are no mapping) is refused as in any document
  return { document, kind };
}
