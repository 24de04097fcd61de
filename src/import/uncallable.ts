// Operations no call of could succeed: a method fetch does not send (TRACE), a request body the runtime cannot write
// (a media type it does not write; required with a GET or HEAD), a required list of structures no OpenAPI style
// writes, security requirements the runtime meets none of. Named with --operations, add refuses each, saying why and
// to leave it out; taken by a group (`all`, a tag, a path prefix), it is left out, each named in a review note, so
// that a whole API is drafted with the operations that can be called.
import { lineText } from "../common/github-actions.js";
import { followLocalRefs } from "../load/json-ref.js";
import { structurePlace, structureProblems } from "../load/structure/document-structure.js";
import { fragmentOnlyParams } from "../load/operation-index.js";
import {
  bareMediaType,
  FORM_MEDIA_TYPE,
  isJsonTextBodyMedia,
  isRawBodyMedia,
  isTextBodyMedia,
  isXmlMediaType,
  jsonMediaType,
  MULTIPART_MEDIA_TYPE,
} from "../load/openapi-document.js";
import { rawSchemaReader, xmlBodyNode, xmlBodySchema, xmlRootName, xmlSchema } from "../link/wire/xml-shape.js";
import { type SelectedOperation, sendable } from "./cut/select-operations.js";
import { wildcardJson } from "./cut/wildcard-json.js";
import { headerReadContent } from "./cut/bodies/header-media-type.js";
import { requiredNestedFilesWhy } from "./draft/files.js";
import { nullOnlyParamWhy, requiredNullOnlyParam } from "./shapes/null-only.js";
import { isSwaggerFile } from "./shapes/unreadable-schemas.js";
import { structuredListParams, structuredListRule } from "./shapes/structured-list-params.js";
import { unwrittenFormat, unwrittenFormatRule } from "./document/swagger2-collection-format.js";

type Json = Record<string, unknown>;

export class UndraftableDocument extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UndraftableDocument";
  }
}

/** Why no call of an operation could succeed (every reason but its security's: leftUnmet); undefined when one could. */
export function uncallableWhy(document: Json, o: { path: string; method: string; op: Json }): string | undefined {
  if (!sendable(o)) return "its method is TRACE, which fetch refuses to send";
  const fragment = fragmentParamsWhy(o.path);
  if (fragment) return fragment;
  const rootless = xmlRootless(document, o.op);
  if (rootless && !BODYLESS_METHODS.test(o.method)) return rootless;
  const types = unwritableRequestBody(document, o.op, o.method);
  if (types)
    return BODYLESS_METHODS.test(o.method)
      ? `it requires a request body (${types.join(", ")}) with a GET or HEAD, which fetch refuses to send (such a ` +
          "request carries no body)"
      : `its request body (${types.join(", ")}) is of a media type or shape the runtime does not write yet (it ` +
          "writes JSON, application/x-www-form-urlencoded of named fields, multipart/form-data of named parts or one " +
          "file, XML of an object, a file's bytes and one text)";
  const paths = (document.paths ?? {}) as Json;
  const pathItem = followLocalRefs(document, paths[o.path]);
  const list = structuredListParams(document, o.op, pathItem).find((p) => p.required);
  if (list) return `its ${structuredListRule(list)}`;
  const unwritten = requiredUnwrittenList(document, o.op, pathItem);
  if (unwritten) return `its ${unwrittenFormatRule(unwritten, unwritten.format)}`;
  const unnamed = requiredUnnamedField(document, o.op);
  if (unnamed) return unnamed;
  const nestedFiles = requiredNestedFilesWhy(document, o.op);
  if (nestedFiles) return nestedFiles;
  const nullOnly = requiredNullOnlyParam(document, o.op, pathItem);
  return nullOnly ? nullOnlyParamWhy(nullOnly) : undefined;
}

/** A request body requiring a field named "" (a key JSON allows), which no parameter names (body-field.ts). */
function requiredUnnamedField(document: Json, op: Json): string | undefined {
  const content = (followLocalRefs(document, op.requestBody)?.content ?? {}) as Json;
  for (const media of Object.values(content)) {
    const schema = followLocalRefs(document, (media as Json | undefined)?.schema);
    if (Array.isArray(schema?.required) && schema.required.includes(""))
      return "its request body requires a field with an empty name, which no parameter can name";
  }
  return undefined;
}

/** A required parameter (a path's always) of a list format no OpenAPI 3 style writes, the operation's own first. */
function requiredUnwrittenList(
  document: Json,
  op: Json,
  pathItem: Json | undefined,
): { in: string; name: string; format: string } | undefined {
  const params = [op.parameters, pathItem?.parameters].flatMap((l) => (Array.isArray(l) ? l : []));
  for (const raw of params) {
    const p = followLocalRefs(document, raw);
    const format = unwrittenFormat(p);
    if (!p || format === undefined || typeof p.name !== "string" || typeof p.in !== "string") continue;
    if (p.in === "path" || p.required === true) return { in: p.in, name: p.name, format };
  }
  // A form's field (Swagger 2.0's formData, converted): marked on its schema.
  const content = (followLocalRefs(document, op.requestBody)?.content ?? {}) as Json;
  for (const media of Object.values(content)) {
    const schema = followLocalRefs(document, (media as Json | undefined)?.schema);
    const fields = (schema?.properties ?? {}) as Json;
    for (const name of Array.isArray(schema?.required) ? (schema.required as string[]) : []) {
      const format = unwrittenFormat(followLocalRefs(document, fields[name]));
      if (format !== undefined) return { in: "formData", name, format };
    }
  }
  return undefined;
}

/**
 * The chosen operations without those a group took that no call of could succeed, each pushed to `leftOut` with why;
 * an operation named stays, for draftProvider to refuse with its reason.
 */
export function withoutUncallable(
  document: Json,
  chosen: readonly SelectedOperation[],
  leftOut: LeftOut[],
): SelectedOperation[] {
  return chosen.filter((c) => {
    if (!c.grouped) return true;
    const op = ((document.paths as Json)[c.path] as Json)[c.method] as Json;
    const why = uncallableWhy(document, { path: c.path, method: c.method, op });
    if (why) leftOut.push({ asked: c.asked, why });
    return why === undefined;
  });
}

/** An operation a group took and left out, and why. */
export interface LeftOut {
  asked: string;
  why: string;
}

/** The review note naming the operations a group left out, those left out for one reason together; none if none. */
export function leftOutNotes(leftOut: readonly LeftOut[]): { at: string[]; note: string }[] {
  if (!leftOut.length) return [];
  const byWhy = new Map<string, string[]>();
  for (const { asked, why } of leftOut) byWhy.set(why, [...(byWhy.get(why) ?? []), asked]);
  const one = leftOut.length === 1;
  // A name as the document spells it, each on the note's one line (lineText): the note is an error's text too.
  const reasons = [...byWhy].map(([why, names]) => `${names.map(lineText).join(", ")} (${why})`);
  return [
    {
      at: ["operations"],
      note:
        `left out ${leftOut.length} operation${one ? "" : "s"} of the group taken, as no call of ` +
        `${one ? "it" : "them"} could succeed: ${reasons.join("; ")}`,
    },
  ];
}

/**
 * Refuses the named operations no call of could succeed (uncallableWhy), each with why, and says what to do: one
 * record of the reasons, which a group's left-out note (withoutUncallable) gives too.
 */
export function refuseUncallable(
  document: Json,
  operations: readonly { id: string; path: string; method: string; op: Json }[],
): void {
  let fragment = false;
  const refused = operations.flatMap((o) => {
    const why = uncallableWhy(document, o);
    fragment ||= why !== undefined && why === fragmentParamsWhy(o.path);
    return why ? [`${o.id} (${why})`] : [];
  });
  if (!refused.length) return;
  const them = refused.length === 1 ? "it" : "them";
  throw new UndraftableDocument(
    `${refused.join(", ")}: no call of ${them} could succeed; leave ${them} out of --operations` +
      (fragment ? ", or write the path as the server reads it in the document" : ""),
  );
}

/**
 * Why an operation's path cannot carry its parameters: a `{name}` after a `#` (`/send/#env/v1/partners/{partnerId}`),
 * in the address's fragment, which no request carries (RFC 3986 §3.5); undefined when none is. A fragment that holds
 * none (`/tags/{arn}#tagKeys`, keys told apart) is no obstacle.
 */
export function fragmentParamsWhy(path: string): string | undefined {
  const names = fragmentOnlyParams(path).map((n) => `{${n}}`);
  if (!names.length) return undefined;
  return (
    `its path ${JSON.stringify(path)} holds ${names.join(", ")} after "#", in the address's fragment, which no ` +
    "request carries"
  );
}

/** Refuses operations whose security requirements the runtime meets none of (generate would refuse them). */
export function refuseUnmet(unmet: readonly string[] | undefined): void {
  if (!unmet?.length) return;
  const one = unmet.length === 1;
  throw new UndraftableDocument(
    `${unmet.join(", ")}: ${one ? "it accepts" : "they accept"} no security requirement the runtime sends (it sends ` +
      "HTTP bearer, basic and other schemes whose credentials the caller gives, API keys in a header, the query or a " +
      "cookie, and OAuth 2 or OpenID Connect access tokens; not a scheme answering the server's challenge, such as " +
      `digest, nor one the document does not declare), so no call of ${one ? "it" : "them"} could succeed; leave ` +
      `${one ? "it" : "them"} out of --operations`,
  );
}

/**
 * The chosen operations without those a group took whose walk reaches something other than OpenAPI's structure where
 * a reader takes it (a parameter that is null, a oneOf that is no list: load/structure/document-structure.ts), each
 * pushed to `leftOut` naming the place; a named one reaching such a place is refused, naming the operations and the
 * places, so that a user knows which to leave out (one broken schema shared by a few operations refused them all, the
 * whole document's when `all` was asked, and named no operation).
 */
export function withoutBrokenStructure(
  document: Json,
  chosen: readonly SelectedOperation[],
  leftOut: LeftOut[],
): SelectedOperation[] {
  // An `additionalProperties` written as the text "true" or "false" passes: the cut writes the boolean (type-lists.ts).
  const read = { booleanTexts: true };
  if (!structureProblems(document, chosen, 1, read).length) return [...chosen];
  const refused: string[] = [];
  const kept = chosen.filter((c) => {
    const problems = structureProblems(document, [c], 3, read);
    if (!problems.length) return true;
    const places = problems.map((p) => `${structurePlace(p.path)} (${p.message})`).join("; ");
    if (c.grouped) leftOut.push({ asked: c.asked, why: `the document does not have OpenAPI's structure at ${places}` });
    else refused.push(`${c.asked}: at ${places}`);
    return false;
  });
  if (refused.length)
    throw new UndraftableDocument(
      "the chosen operations cannot be drafted: the document does not have OpenAPI's structure where " +
        `${refused.length === 1 ? "one reaches" : "they reach"}: ${refused.join("; ")}; leave ` +
        `${refused.length === 1 ? "it" : "them"} out of --operations, or correct the document there`,
    );
  return kept;
}

const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean"]);
/** A form body's types that name no field: one value, or a list. */
const UNFIELDED_TYPES = new Set([...SCALAR_TYPES, "array"]);

/** The methods fetch sends no body with. */
const BODYLESS_METHODS = /^(get|head)$/i;

/**
 * The media types of an operation's request body when the runtime can write
 * none of them (a multipart upload, raw bytes) and the call needs the body:
 * required, or multipart (a file upload is the operation's point); or when
 * the body is required and the method is GET or HEAD, which carry none.
 * Undefined when the body is JSON or a form, optional, or absent. `add`
 * refuses such an operation (the directory run's picker asks the same, not
 * to pick one).
 */
export function unwritableRequestBody(document: Json, op: Json, method: string): string[] | undefined {
  // A $ref that is no pointer: the linker says so.
  const body = followLocalRefs(document, op.requestBody);
  // Read as its Content-Type header parameter says, where the cut writes it so (cut/bodies/header-media-type.ts).
  const content = (headerReadContent(document, op)?.content ?? body?.content ?? {}) as Json;
  const types = Object.keys(content);
  if (BODYLESS_METHODS.test(method)) return body?.required === true && types.length ? types : undefined;
  // A form of one value (`type: string`, its pairs written by hand) names no field the runtime could write: a required
  // one left the operation with nothing placed in its body, which generate refuses (BW2010). Nor does a form of a list
  // (its items name no pair): the call went with an empty body.
  // A multipart body of a list names no part either (its items no part's name): the call went with an empty body.
  const typeOf = (t: string) => String(followLocalRefs(document, (content[t] as Json | undefined)?.schema)?.type);
  const fieldsForm = (t: string) => bareMediaType(t) === FORM_MEDIA_TYPE && !UNFIELDED_TYPES.has(typeOf(t));
  const parts = (t: string) => bareMediaType(t) === MULTIPART_MEDIA_TYPE && typeOf(t) !== "array";
  if (!types.length || jsonMediaType(content) || types.some((t) => fieldsForm(t) || parts(t))) return undefined;
  // Written as JSON in the cut (cut/wildcard-json.ts).
  if (wildcardJson(document, content) !== undefined) return undefined;
  // XML of a structured schema: written as its `xml` objects say (one that names no root element: xmlRootless).
  if (
    types.some((t) => isXmlMediaType(t) && xmlSchema(document, content[t]) !== undefined) &&
    !xmlRootless(document, op)
  )
    return undefined;
  // A Swagger 2.0 file as converted is read as the cut writes it (withSwaggerFilesAsBinary): the file's bytes.
  const schemaOf = (t: string) => {
    const schema = followLocalRefs(document, (content[t] as Json | undefined)?.schema);
    return isSwaggerFile(schema) ? { ...schema, type: "string", format: "binary" } : schema;
  };
  if (types.some((t) => isRawBodyMedia(t, schemaOf(t)))) return undefined; // a file as the whole body
  if (types.some((t) => isTextBodyMedia(t, schemaOf(t)))) return undefined; // one text as the whole body
  // Structured data under a text type: its JSON text, under that type (bodyEncoding: json).
  if (types.some((t) => isJsonTextBodyMedia(t, schemaOf(t)))) return undefined;
  // An optional multipart body is the operation's point (a file upload), but for one of a list: its items name no part,
  // and the call goes without it (`type: array` of files, "the inputs" of a run that may take none; unwritableBody).
  const needed = (t: string) => bareMediaType(t).startsWith("multipart/") && typeOf(t) !== "array";
  return body?.required === true || types.some(needed) ? types : undefined;
}

/**
 * Why an operation's request body, written as XML (no JSON, form or multipart type beside), cannot be: its schema
 * names no root element (link/wire/xml-shape.ts); undefined when it can, or is no XML body.
 */
export function xmlRootless(document: Json, op: Json): string | undefined {
  const schema = xmlBodySchema(document, op);
  // A Swagger 2.0 file under an XML type is a file's bytes as the cut writes it (withSwaggerFilesAsBinary): no XML.
  if (!schema || isSwaggerFile(followLocalRefs(document, schema))) return undefined;
  const reader = rawSchemaReader(document);
  const shape = xmlBodyNode(reader, schema, xmlRootName(reader, schema));
  return "problem" in shape ? shape.problem : undefined;
}
