// What every link rule works with: the manifest, its OpenAPI document, and
// the failure collector that names each problem's place in the manifest
// (`file:line:col` and the field's dotted path).
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { formatPosition, SourceError, type YamlSource } from "../load/yaml-source.js";
import type { ProblemCode } from "../common/problem-codes.js";
import type { Manifest, ManifestAuth, ManifestOperation } from "../load/precompiled/manifest-types.js";
import {
  type OpenApiDocument,
  type OpenApiOperation,
  type Schema,
  type UnionCrossing,
  unionOf,
} from "../load/openapi-document.js";

/** A place in the manifest (or the document): keys and list indexes. */
export type Path = (string | number)[];

export interface LinkContext {
  /**
   * Record a problem at `path` of the manifest (on its key, or its value); returns undefined, for `return ctx.fail(…)`.
   */
  fail(code: ProblemCode, path: Path, message: string, which?: "key" | "value"): undefined;
  /** Where `path` of the manifest is, `file:line:col`: for a message that names another place than its own. */
  place(path: Path, which?: "key" | "value"): string;
  /** Record a problem of the OpenAPI document itself, at `path` there. */
  failInDocument(code: ProblemCode, path: Path, message: string): undefined;
  doc: OpenApiDocument;
  /** The document's file, for messages. */
  openapiName: string;
  manifest: Manifest;
  /** Where each linked parameter's placement is written (for messages about its slot). */
  wireAt: WeakMap<ParamSpec, Path>;
}

/**
 * Each field of `notWith` that `auth` gives refused at its place (`at`), as not for the credential `what` says; whether
 * none was given. The ways of sending one credential (auth.sigv4, auth.signedJwt, auth.variable) each refuse their own.
 */
export function refuseNotWith(
  ctx: LinkContext,
  auth: ManifestAuth,
  notWith: readonly (keyof ManifestAuth)[],
  at: Path,
  what: string,
): boolean {
  let none = true;
  for (const key of notWith)
    if (auth[key] !== undefined) {
      ctx.fail("BW2012", [...at, key], `${key} is not for ${what}`);
      none = false;
    }
  return none;
}

/** A context over the manifest and its document, and the list its failures go to. */
export function linkContext(
  source: YamlSource<Manifest>,
  doc: OpenApiDocument,
): { ctx: LinkContext; errors: SourceError[] } {
  const errors: SourceError[] = [];
  const ctx: LinkContext = {
    fail(code, path, message, which = "key") {
      const field = path.filter((p) => p !== "").join(".");
      const error = new SourceError(code, source.locate(path, which), `${field}: ${message}`);
      // A shared parameter is linked once per operation: report its problem once.
      if (!errors.some((e) => e.message === error.message)) errors.push(error);
      return undefined;
    },
    place: (path, which = "key") => formatPosition(source.locate(path, which)),
    failInDocument(code, path, message) {
      errors.push(new SourceError(code, doc.source.locate(path, "value"), `${path.join(".")}: ${message}`));
      return undefined;
    },
    doc,
    openapiName: doc.source.file,
    manifest: source.data,
    wireAt: new WeakMap(),
  };
  return { ctx, errors };
}

/**
 * ` (fields there: a, b)`: the properties of the object holding the field `pointer` names (of each variant of a union),
 * for a message.
 */
export function fieldsNear(ctx: LinkContext, schema: Schema, pointer: string[]): string {
  const parent = ctx.doc.schemaAt(schema, pointer.slice(0, -1));
  const names = new Set(Object.keys((parent?.properties as object) ?? {}));
  for (const variant of (parent && unionOf(parent)) ?? [])
    for (const name of Object.keys((ctx.doc.flatten(variant).properties as object) ?? {})) names.add(name);
  return names.size ? ` (fields there: ${[...names].join(", ")})` : "";
}

/**
 * ` (searched each variant of the anyOf/oneOf at /x: customer, deleted_customer)`: the unions a pointer crossed, for a
 * "not found" message.
 */
export function unionsSearched(unions: readonly UnionCrossing[]): string {
  if (!unions.length) return "";
  const seen = new Set<string>();
  const parts = unions.flatMap((u) => {
    const at = u.at.length ? `/${u.at.join("/")}` : "the top";
    if (seen.has(at)) return [];
    seen.add(at);
    return [`the variants at ${at}: ${u.variants.join(", ")}`];
  });
  return ` (searched ${parts.join("; ")})`;
}

/** Why a pattern is not a usable regular expression (ECMAScript, `u` flag), if it is not. */
export function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (e) {
    return `${JSON.stringify(pattern)} is not a valid regular expression (${(e as Error).message})`;
  }
}

/**
 * A concept's part of each tool's link (its record's `link`), applied by linkOperation in the records' order: here,
 * below every concept folder, so that a concept's module names it without importing the operation's.
 */
export type OperationPart = (
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
) => Partial<ToolSpec>;
