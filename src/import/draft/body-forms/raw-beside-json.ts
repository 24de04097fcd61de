// A JSON body the document offers as raw bytes too (`application/json` beside `*/*` or `application/octet-stream`
// admitting any value or bytes: a record's value stored as given, JSON or any file under its own type). The draft
// took the JSON alone, so no bytes or text could be sent. Where the JSON is one parameter holding the whole body, a
// file parameter at the whole body sits beside it, one of the two given a call (the runtime sends the file's bytes
// typed as a raw body's are: its own type where the document names a range). Where the JSON is named fields, the
// file replaces them (rule `replaces`): the fields the JSON requires are required unless the file is given.
import type { ManifestParam, ManifestRule } from "../../../load/precompiled/manifest-types.js";
import type { OpenApiRequestBody } from "../../../load/openapi-types.js";
import type { Path } from "../../../link/context.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { fileParam } from "../files.js";
import { paramName } from "../param-names.js";

interface Into {
  params: Record<string, ManifestParam>;
  byWire: Map<string, string>;
  taken: Set<string>;
}

/**
 * The file form beside a JSON body of named fields (`rules`: those the fields' draft stated, with which the file is
 * not drafted: a union's shapes are the JSON's): the fields required without it, none given with it. A field with a
 * default sent is left out of the rule (every call gives it; the file's body has no place for it).
 */
export function rawBesideFields(
  body: OpenApiRequestBody,
  rules: readonly ManifestRule[],
  at: Path,
  notes: ReviewNote[],
  into: Into,
): ManifestRule[] {
  if (!body.raw || body.encoding !== "json" || rules.length || into.byWire.has("body:")) return [];
  const fields = Object.entries(into.params).filter(
    ([, p]) => p.wire?.in === "body" && !(p.default !== undefined && p.sendDefault !== false),
  );
  if (!fields.length) return [];
  const required = fields.filter(([, p]) => p.required === true).map(([n]) => n);
  for (const name of required) delete into.params[name]?.required;
  const names = fields.map(([n]) => n);
  const name = paramName("file", into.taken);
  const type = body.raw.mediaType.includes("*") ? "of any type" : body.raw.mediaType;
  const draft = fileParam(
    { description: `The request body as a file's bytes (${type}), sent instead of its fields.` },
    name,
    false,
  );
  draft.wire = { in: "body", pointer: "" };
  into.params[name] = draft;
  into.taken.add(name);
  notes.push({
    at: [...at, "params", name],
    note:
      `the document offers the request body as JSON fields or as ${bytes(body.raw.mediaType)} (${type}): a call ` +
      "gives the fields " +
      `(${required.length ? `${required.join(", ")} required then` : "none required"}) or the file, which goes ` +
      goes(type, body.raw.mediaType),
  });
  return [{ rule: "replaces", param: name, params: names, ...(required.length ? { required } : {}) }];
}

/** What the other form is, in words: a text (`text/csv`, a vendor's text format) or raw bytes. */
const bytes = (type: string) => (type.startsWith("text/") && type !== "text/*" ? "a text" : "raw bytes");

/** How the file goes: as the document's one type, or as its own within a range. */
const goes = (type: string, declared: string) =>
  type === declared ? `as ${type}` : "as its own type (a text file as text/plain)";

/** The file form beside a whole-body JSON parameter, and the rule that a call gives one of them. */
export function rawBesideJson(body: OpenApiRequestBody, at: Path, notes: ReviewNote[], into: Into): ManifestRule[] {
  const json = into.byWire.get("body:");
  const whole = json === undefined ? undefined : into.params[json];
  if (!body.raw || json === undefined || !whole || whole.type === "file") return [];
  const name = paramName("file", into.taken);
  // A range is named in words: the description's text is read as Markdown, where `*/*` is emphasis.
  const type = body.raw.mediaType.includes("*") ? "of any type" : body.raw.mediaType;
  const draft = fileParam(
    { description: `The request body as a file's bytes (${type}), sent instead of ${json}.` },
    name,
    false,
  );
  draft.wire = { in: "body", pointer: "" };
  into.params[name] = draft;
  into.taken.add(name);
  const required = whole.required === true;
  if (required) delete whole.required;
  notes.push({
    at: [...at, "params", name],
    note:
      `the document offers the request body as JSON (${json}) or as ${bytes(body.raw.mediaType)} (${type}): give ` +
      `one; the file goes ${goes(type, body.raw.mediaType)}`,
  });
  return [required ? { rule: "exactlyOne", params: [json, name] } : { rule: "atMostOne", groups: [[json], [name]] }];
}
