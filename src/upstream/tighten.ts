// What `upstream <p> <newer> --accept` changes in a manifest `add` drafted
// when the newer document asks more of a value the manifest sends: a
// parameter or body field it now requires, a length or bound it now sets or
// narrows, enum values it no longer takes, an operation it now deprecates
// (a `deprecated:` note drafted from its text). `generate` refuses a manifest
// looser than its document, so without this every such upstream change
// would stop `generate` until the line is edited by hand; each one is
// written as the document says and printed, and `diff` then reports it as
// the breaking change it is; and a security scheme the newer document
// renamed, its credential sent alike, is named so in `auth` (the same key
// in the same place: no change to a caller). Nothing else is touched: the
// credential, the outputs, names and texts stay as the user has them, and
// what the manifest binds that the newer document no longer has stays
// `generate`'s error, at its line.
import { withoutNullBranch } from "../import/draft/param-schema.js";
import { isMultipleOf, parsePointer } from "@blockwright/runtime/internal";
import { checkValue } from "@blockwright/runtime/internal/generate";
import { type Document, isCollection, parseDocument } from "yaml";
import {
  credentialOf,
  declaredParameter,
  OpenApiDocument,
  type OpenApiOperation,
  type Schema,
  type SecurityScheme,
  typeOf,
} from "../load/openapi-document.js";
import type { ManifestParam } from "../load/precompiled/manifest-types.js";
import { INPUT_LIMITS, parseYamlSource } from "../load/yaml-source.js";
import { valueAt } from "../load/json-ref.js";
import { deprecationText } from "../import/draft/words/operation-words.js";
import { followRenames } from "./renamed-operations.js";
import { formatPatternOf, valueFormatOf } from "../model/format-aliases.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

export interface Tightened {
  text: string;
  /** One line per value written: `operations.x.params.name.minLength: 1 (…)`. */
  lines: string[];
  /** The operations the newer document names otherwise, by their newer name: the older (renamed-operations.ts). */
  renamed?: Map<string, string>;
  /** One line per name followed (an operationId, a path parameter's wire name), renamed-operations.ts. */
  renamedLines?: string[];
}

/**
 * The manifest with every parameter at least as strict as the newer cut asks (see the top of this file); with the
 * older cut, a list of values or a bound the manifest holds as the older document gave it follows the newer one where
 * that accepts more (enum values added, a longer maximum): the value was the document's, not the user's choice.
 */
export function tightenManifest(
  manifestText: string,
  cutText: string,
  cutName: string,
  olderCutText?: string,
): Tightened {
  const yaml = parseDocument(manifestText);
  const manifest = object(yaml.toJS());
  let doc: OpenApiDocument;
  let older: OpenApiDocument | undefined;
  try {
    doc = new OpenApiDocument(parseYamlSource(cutText, cutName, INPUT_LIMITS.document));
  } catch {
    return { text: manifestText, lines: [] };
  }
  try {
    older =
      olderCutText === undefined
        ? undefined
        : new OpenApiDocument(parseYamlSource(olderCutText, cutName, INPUT_LIMITS.document));
  } catch {
    older = undefined;
  }
  const lines: string[] = [];
  if (older) renameSchemes(yaml, manifest, older, doc, lines);
  // Names the newer document gives otherwise, followed first: what follows reads the manifest as they leave it.
  const { renamed, lines: renamedLines } = older
    ? followRenames(yaml, manifest, older, doc)
    : { renamed: new Map<string, string>(), lines: [] };
  const current = renamedLines.length ? object(yaml.toJS()) : manifest;
  for (const [id, raw] of Object.entries(object(current.operations))) {
    const operationId = object(raw).operationId;
    const op = typeof operationId === "string" ? doc.operations.get(operationId) : undefined;
    if (!op) continue;
    // An operation the newer document deprecates: generate asks the manifest to tell the tool's users.
    const rawOp = object(valueAt(doc.source.data, op.location));
    if (rawOp.deprecated === true && object(raw).deprecated === undefined) {
      const text = deprecationText(rawOp, op.operationId);
      yaml.setIn(["operations", id, "deprecated"], text);
      lines.push(
        `operations.${id}.deprecated: ${JSON.stringify(text)} (the newer document ` +
          `deprecates ${op.operationId}; say what to use instead)`,
      );
    }
    const olderOp = older?.operations.get(renamed.get(op.operationId) ?? op.operationId);
    for (const [name, p] of Object.entries(object(object(raw).params))) {
      tightenParam(doc, op, yaml, ["operations", id, "params", name], name, p as ManifestParam, lines);
      if (older && olderOp)
        followParam(older, olderOp, doc, op, yaml, ["operations", id, "params", name], name, p as ManifestParam, lines);
    }
  }
  // Lines as the user wrote them: no long text folded anew (lineWidth 0), only the values set are written otherwise.
  const written = lines.length + renamedLines.length > 0;
  return {
    text: written ? yaml.toString({ lineWidth: 0 }) : manifestText,
    lines,
    ...(renamed.size ? { renamed } : {}),
    ...(renamedLines.length ? { renamedLines } : {}),
  };
}

/**
 * Each scheme `auth` names (its own, `also`, each alternative's) that the newer document no longer has, where the
 * older document's scheme of that name and exactly one of the newer's send the credential alike: renamed so.
 */
function renameSchemes(
  yaml: Document,
  manifest: Json,
  older: OpenApiDocument,
  newer: OpenApiDocument,
  lines: string[],
): void {
  const schemes = (d: OpenApiDocument) => object(object(object(d.source.data).components).securitySchemes);
  const [before, after] = [schemes(older), schemes(newer)];
  const placement = (s: unknown) => JSON.stringify(credentialOf(object(s) as unknown as SecurityScheme) ?? null);
  const rename = (path: (string | number)[], name: unknown) => {
    if (
      typeof name !== "string" ||
      Object.hasOwn(after, name) ||
      !Object.hasOwn(before, name) ||
      placement(before[name]) === "null"
    )
      return;
    const alike = Object.keys(after).filter(
      (n) => !Object.hasOwn(before, n) && placement(after[n]) === placement(before[name]),
    );
    if (alike.length !== 1) return;
    yaml.setIn(path, alike[0]);
    lines.push(
      `${path.join(".")}: ${alike[0]} (the newer document renamed the security scheme ${name}; ` +
        `the credential is sent as it was)`,
    );
  };
  const auth = object(manifest.auth);
  const way = (at: (string | number)[], w: Json) => {
    rename([...at, "scheme"], w.scheme);
    for (const [j, also] of (Array.isArray(w.also) ? w.also : []).entries())
      rename([...at, "also", j, "scheme"], object(also).scheme);
  };
  way(["auth"], auth);
  for (const [i, alt] of (Array.isArray(auth.alternatives) ? auth.alternatives : []).entries())
    way(["auth", "alternatives", i], object(alt));
}

/** `value` at `path`, a list written in flow style (`[a, b]`) where the one it replaces was. */
function setKeepingStyle(yaml: Document, path: string[], value: unknown): void {
  const old = yaml.getIn(path, true);
  const node = yaml.createNode(value, { aliasDuplicateObjects: false });
  if (isCollection(old) && old.flow && isCollection(node)) node.flow = true;
  yaml.setIn(path, node);
}

/** Where a parameter goes in the document: its schema, whether it must be sent, and how to name it. */
function declaredSchema(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  name: string,
  p: ManifestParam,
): { schema?: Schema; required: boolean; what: string } {
  const w = p.wire;
  if (w && (w.in === "path" || w.in === "query" || w.in === "header" || w.in === "cookie")) {
    const declared = declaredParameter(op, w.in, w.name ?? name);
    if (!declared) return { required: false, what: "" };
    const field = (w as { field?: string }).field;
    if (field !== undefined) return objectField(doc, declared, field);
    return {
      schema: declared.schema,
      required: declared.required || w.in === "path",
      what: `${w.in} parameter "${w.name ?? name}"`,
    };
  }
  if (w?.in === "body" && op.requestBody) {
    const pointer = w.pointer ?? `/${name}`;
    const segments = parsePointer(pointer);
    const field = segments[segments.length - 1];
    const parent = segments.length ? doc.schemaAt(op.requestBody.schema, segments.slice(0, -1)) : undefined;
    const required =
      field !== undefined &&
      parent !== undefined &&
      ((doc.flatten(parent).required as string[] | undefined) ?? []).includes(field);
    return { schema: doc.locate(op.requestBody.schema, segments).schema, required, what: `body field "${pointer}"` };
  }
  return { required: false, what: "" };
}

/**
 * A field of an object query parameter (`wire.field`): its own schema (any value where the object requires it without
 * describing it), required where a required object requires it; not the object's, whose `required: true` asked every
 * field of it (each was set required when the newer document's object was).
 */
function objectField(
  doc: OpenApiDocument,
  declared: { name: string; required?: boolean; schema?: Schema },
  field: string,
): { schema?: Schema; required: boolean; what: string } {
  const what = `field "${field}" of query parameter "${declared.name}"`;
  let object: Schema;
  try {
    object = doc.flatten(declared.schema ?? {});
  } catch {
    return { required: false, what };
  }
  const properties = (object.properties ?? {}) as Record<string, Schema>;
  const listed = Array.isArray(object.required) && (object.required as unknown[]).includes(field);
  const schema = Object.hasOwn(properties, field) ? properties[field] : listed ? {} : undefined;
  return { ...(schema ? { schema } : {}), required: Boolean(declared.required) && listed, what };
}

function tightenParam(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  yaml: Document,
  at: string[],
  name: string,
  p: ManifestParam,
  lines: string[],
): void {
  const w = p.wire;
  if (!w || p.limitsFromSpec) return;
  const { schema, required, what } = declaredSchema(doc, op, name, p);
  if (!schema || w.in === "switch") return;
  const set = (key: string, value: unknown, why: string) => {
    setKeepingStyle(yaml, [...at, key], value);
    lines.push(`${[...at, key].join(".")}: ${JSON.stringify(value)} (${why})`);
  };
  if (required && !p.required && (p.default === undefined || p.sendDefault === false))
    set("required", true, `the newer document requires ${what}`);
  // Null the newer document no longer admits, where the manifest let a caller send it (OpenRouter's `stream`): BW2007.
  if (p.nullable === true && !doc.admitsNull(schema)) {
    yaml.deleteIn([...at, "nullable"]);
    lines.push(`${[...at, "nullable"].join(".")}: taken out (${what} admits no null in the newer document)`);
  }
  if (p.type === "file" || p.separator !== undefined) return;
  // "A value or null" (`anyOf: [{type: integer}, {type: null}]`, LaPyme's `fee_fixed`) read as that value's schema.
  const flat = doc.flatten(schema);
  const s = withoutNullBranch(doc, flat) ?? flat;
  const specType = typeOf(s);
  const number = p.type === "number" && (specType === "number" || specType === "integer");
  const text = p.type === "string" && specType === "string";
  const bound = (
    key: "minimum" | "maximum" | "minLength" | "maxLength",
    tighter: (mine: number, theirs: number) => boolean,
  ) => {
    const theirs = s[key];
    if (typeof theirs !== "number") return;
    const mine = p[key];
    if (mine === undefined || tighter(theirs, mine)) set(key, theirs, `${what}'s ${key} in the newer document`);
  };
  if (number && typeof s.exclusiveMinimum !== "number" && s.exclusiveMinimum !== true)
    bound("minimum", (t, m) => t > m);
  if (number && typeof s.exclusiveMaximum !== "number" && s.exclusiveMaximum !== true)
    bound("maximum", (t, m) => t < m);
  // A step the newer document adds, or one the manifest's is no multiple of: the newer one's (a multiple of the older's
  // is kept).
  if (
    number &&
    typeof s.multipleOf === "number" &&
    s.multipleOf > 0 &&
    (p.multipleOf === undefined || !isMultipleOf(p.multipleOf, s.multipleOf))
  )
    set("multipleOf", s.multipleOf, `${what}'s multipleOf in the newer document`);
  if (text && !p.enum) bound("minLength", (t, m) => t > m);
  if (text && !p.enum) bound("maxLength", (t, m) => t < m);
  // A format the block checks that the newer document sets where the manifest has none: its own, so that the block
  // checks it as `upstream` reports (breaking) and as add drafts it.
  const format = valueFormatOf(s.format);
  if (text && !p.enum && format && p.format === undefined)
    set("format", format, `${what}'s format in the newer document`);
  // A pattern the newer document sets where the manifest has none (eGain's `q`, any text but the empty one): its own,
  // with a format add states as a pattern (`byte`, `time`) held too, as add drafts it and `upstream` reports it.
  const pattern = formatPatternOf(s.format, s.pattern) ?? s.pattern;
  if (text && !p.enum && typeof pattern === "string" && p.pattern === undefined)
    set("pattern", pattern, `${what}'s ${pattern === s.pattern ? "pattern" : "format"} in the newer document`);
  const listed = Array.isArray(s.enum) ? s.enum.filter((v) => v !== null) : [];
  const taken = p.enum?.filter((v) => listed.includes(v)) ?? [];
  if ((text || number) && p.enum && taken.length && taken.length < p.enum.length)
    set("enum", taken, `values ${what} no longer takes in the newer document left out`);
  const why = newerList(p, listed, text, number, taken.length > 0, what);
  if (why) {
    set("enum", listed, why);
    // A default or an example none of them is (the older document's), which generate would refuse (BW2009): out.
    for (const key of ["default", "example"] as const)
      if (p[key] !== undefined && !listed.includes(p[key])) {
        yaml.deleteIn([...at, key]);
        lines.push(`${[...at, key].join(".")}: taken out (${JSON.stringify(p[key])} is none of those values)`);
      }
  }
  // A whole number the newer document asks where the manifest took any number (BW2007).
  if (p.type === "number" && specType === "integer" && p.integer !== true)
    set("integer", true, `${what} is an integer in the newer document`);
}

/** Whether the newer schema is the older one without its list of values: the same type, no const nor union instead. */
function listDropped(s0: Schema, s1: Schema): boolean {
  const rest = (s: Schema) => {
    const { enum: _values, description: _text, example: _example, ...others } = s;
    return JSON.stringify(Object.entries(others).sort(([a], [b]) => (a < b ? -1 : 1)));
  };
  return s1.enum === undefined && typeof s1.type === "string" && rest(s0) === rest(s1);
}

/** The manifest's list of values taken out, with a line saying why. */
function dropList(yaml: Document, at: string[], why: string, lines: string[]): void {
  yaml.deleteIn([...at, "enum"]);
  lines.push(`${[...at, "enum"].join(".")}: taken out (${why})`);
}

/**
 * Why the manifest's parameter takes the newer document's list of values (`listed`, null aside), if it does: where it
 * took any value (generate refused the looser parameter, BW2006), or where none of its own values is left (LaPyme's
 * labels become codes). Texts or numbers of the parameter's own type only.
 */
function newerList(
  p: ManifestParam,
  listed: readonly unknown[],
  text: boolean,
  number: boolean,
  someTaken: boolean,
  what: string,
): string | undefined {
  const ofType = (v: unknown) => (text ? typeof v === "string" : typeof v === "number");
  if (!(text || number) || !listed.length || !listed.every(ofType)) return undefined;
  if (p.enum) return someTaken ? undefined : `none of the values ${what} took is in the newer document: its values`;
  return p.knownValues ? undefined : `the values ${what} takes in the newer document`;
}

/**
 * A value the manifest holds as the older document gave it, where the newer one accepts more: written as the newer one
 * says.
 */
function followParam(
  older: OpenApiDocument,
  olderOp: OpenApiOperation,
  doc: OpenApiDocument,
  op: OpenApiOperation,
  yaml: Document,
  at: string[],
  name: string,
  p: ManifestParam,
  lines: string[],
): void {
  if (!p.wire || p.limitsFromSpec || p.wire.in === "switch" || p.type === "file" || p.separator !== undefined) return;
  const before = declaredSchema(older, olderOp, name, p);
  const after = declaredSchema(doc, op, name, p);
  if (!before.schema || !after.schema) return;
  const [s0, s1] = [older.flatten(before.schema), doc.flatten(after.schema)];
  const set = (key: string, value: unknown, why: string) => {
    setKeepingStyle(yaml, [...at, key], value);
    lines.push(`${[...at, key].join(".")}: ${JSON.stringify(value)} (${why})`);
  };
  const sameSet = (x: unknown[], y: unknown[]) => x.length === y.length && x.every((v) => y.includes(v));
  if (p.enum && Array.isArray(s0.enum) && Array.isArray(s1.enum) && sameSet(p.enum, s0.enum as unknown[])) {
    const added = (s1.enum as unknown[]).filter((v) => v !== null && !p.enum?.includes(v));
    if (added.length)
      set(
        "enum",
        [...p.enum.filter((v) => (s1.enum as unknown[]).includes(v)), ...added],
        `${after.what} takes more values in the newer document`,
      );
  }
  // A list of values the newer document drops, the value's type and the rest of its schema kept as they were: any value
  // of the type is taken now, and the manifest's list (the older document's) refused them before any request.
  if (p.enum && Array.isArray(s0.enum) && sameSet(p.enum, s0.enum as unknown[]) && listDropped(s0, s1))
    dropList(yaml, at, `${after.what} takes any value of its type in the newer document`, lines);
  // A default or example the older document gave that the newer one no longer takes (a value its enum no longer
  // lists, a text its pattern or lengths now refuse: eGain's `959500000204621` become `PROD-3020`; a number below its
  // new minimum): the newer one's, where it gives one it takes.
  for (const key of ["default", "example"] as const) {
    const [was, now, mine] = [s0[key], s1[key], p[key]];
    if (mine !== undefined && mine === was && !takes(s1, mine) && now !== undefined && takes(s1, now))
      set(
        key,
        now,
        `${after.what}'s ${key} in the newer document, which no longer takes the older one's ${JSON.stringify(was)}`,
      );
  }
  // Only a bound the newer document states and widens: one it no longer states may just be written another way (3.1's
  // anyOf with null).
  for (const key of ["maxLength", "maximum"] as const) {
    const [was, now, mine] = [s0[key], s1[key], p[key]];
    if (typeof was === "number" && mine === was && typeof now === "number" && now > was)
      set(key, now, `${after.what}'s ${key} in the newer document, larger than the older one's the manifest had`);
  }
  // The older document's pattern the newer one writes otherwise (eGain's ids, `^[0-9]+$` become `^[\w\W]*$`): a
  // manifest's pattern must be its document's (BW2007), so the newer one's.
  if (
    typeof s0.pattern === "string" &&
    p.pattern === s0.pattern &&
    typeof s1.pattern === "string" &&
    s1.pattern !== s0.pattern
  )
    set("pattern", s1.pattern, `${after.what}'s pattern in the newer document, the older one's the manifest had`);
}

/**
 * Whether a schema's enum, pattern, lengths and a number's inclusive bounds take `value` (what else it says aside), by
 * the runtime's own check, which generate holds a manifest's example and default to (BW2009).
 */
function takes(schema: Schema, value: unknown): boolean {
  const { enum: values, pattern, minLength, maxLength } = schema;
  const type = typeof value === "string" ? "string" : typeof value === "number" ? "number" : "boolean";
  // A page's `{minimum: 0, default: 0}` become `{minimum: 1, default: 1}`: the older default refused (an exclusive
  // bound aside, which 3.0 and 3.1 write differently).
  const bound = (key: "minimum" | "maximum") => (typeof schema[key] === "number" ? { [key]: schema[key] } : {});
  const spec = {
    name: "value",
    type,
    required: false,
    wire: { in: "body" },
    enum: values,
    pattern,
    minLength,
    maxLength,
    ...(type === "number" ? { ...bound("minimum"), ...bound("maximum") } : {}),
  };
  return !("issue" in checkValue(spec as unknown as Parameters<typeof checkValue>[0], value));
}
