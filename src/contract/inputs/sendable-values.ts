// What of a value a request carries, where its place writes it as pairs: an
// empty object or list sends none (bracket form, a spread query object), a
// query object spread as its own pairs (form, exploded) reads back only
// through the fields its schema lists, and style form has no form for a field
// that is itself a list or an object (a form field's list of objects goes in
// bracket form, the one way it has). The derived values send only what a
// request the document describes carries.
import { unsafeIntegerAt } from "../../model/safe-integers.js";
import { type ParamSpec, parsePointer, type ToolSpec, type WireSpec } from "@blockwright/runtime/internal";
import { formField, withoutEmpty, writtenWithBrackets } from "../../judge/bracket-form.js";
import type { OpenApiDocument } from "../../load/openapi-document.js";
import { xmlReadsBack } from "./xml-values.js";

/** The credential every derived call sends (header-safe, long enough, never a real one). */
export const CREDENTIAL = "bw-contract-credential-0001";

/**
 * Values as the wire carries them: in bracket form an empty object or list inside a value sends no pair (Stripe's
 * `online: {}`, its fields all optional, required by one way of a union): the value given is the one its check reads.
 */
export function asWireCarries<C extends { value: unknown }>(param: ParamSpec, tool: ToolSpec, values: C[]): C[] {
  const inside = credentialFieldsIn(param, tool);
  const carried = inside.length ? values.map((c) => ({ ...c, value: withoutFields(c.value, inside) })) : values;
  if (param.type !== "json" || !writtenWithBrackets(param, tool)) return carried;
  return carried.map((c) => ({ ...c, value: withoutEmpty(c.value) }));
}

/**
 * The fields inside a body object the parameter gives whole that the credential is written at (auth.alsoSends, a key
 * beside other fields): each a path from the parameter's value. The call writes the credential over them, and the
 * parameter's schema leaves them out (link/wire/credential-fields.ts), so a value made from the document's schema
 * (an example, a made body) carries them no more.
 */
export function credentialFieldsIn(param: ParamSpec, tool: ToolSpec): (readonly string[])[] {
  const wire: WireSpec = param.wire;
  if (param.type !== "json" || wire.in !== "body") return [];
  const ways = [tool.auth, ...(tool.auth.alternatives ?? [])];
  const pointers = ways.flatMap((w) => (w.alsoSends ?? []).flatMap((p) => (p.in === "body" ? [p.pointer] : [])));
  return pointers
    .filter((p) => p.startsWith(`${wire.pointer}/`))
    .map((p) => parsePointer(p.slice(wire.pointer.length)));
}

/** A value with `text` at each of `paths` inside its objects, as the call writes the credential there. */
export function withFieldsWritten(value: unknown, paths: readonly (readonly string[])[], text: string): unknown {
  let out = value;
  for (const path of paths) out = withFieldWritten(out, path, text);
  return out;
}

function withFieldWritten(value: unknown, [field, ...rest]: readonly string[], text: string): unknown {
  if (field === undefined || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return { ...record, [field]: rest.length ? withFieldWritten(record[field] ?? {}, rest, text) : text };
}

/** A value without the fields at `paths` (objects copied where a field goes; anything else as it is). */
function withoutFields(value: unknown, paths: readonly (readonly string[])[]): unknown {
  let out = value;
  for (const path of paths) out = withoutField(out, path);
  return out;
}

function withoutField(value: unknown, [field, ...rest]: readonly string[]): unknown {
  if (field === undefined || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  if (!Object.hasOwn(value, field)) return value;
  const record = value as Record<string, unknown>;
  if (rest.length) return { ...record, [field]: withoutField(record[field], rest) };
  const { [field]: _written, ...others } = record;
  return others;
}

/**
 * Whether a value of the parameter is not sent as given: a required one that sends no pair, a spread query object with
 * a field its schema does not list (`listed`, when it lists its fields alone) or one of a list or an object; in an
 * XML body, one that does not read back as given (xml-values.ts).
 */
export function unsentAsGiven(
  param: ParamSpec,
  value: unknown,
  tool: ToolSpec,
  listed: () => Set<string> | undefined,
  doc?: OpenApiDocument,
): boolean {
  if (doc && !xmlReadsBack(doc, tool, param, value)) return true;
  // A file is its bytes, whatever its place (a form's file field too: form-files.ts), never an object of no pair.
  if (param.type === "file") return false;
  // A JSON value holding an integer past ±(2^53−1): a JavaScript number holds it rounded, so another is sent.
  if (param.type === "json" && unsafeIntegerAt(value) !== undefined) return true;
  // In bracket form (a form field, a query object) an empty object or list sends no pair, at any depth: a required
  // one holding nothing else is not sent, nor one a rule counts (anyOf, exactlyOne…: the runtime counts it not given).
  if ((param.required || countedByRule(tool, param.name)) && writtenWithBrackets(param, tool) && sendsNothing(value))
    return true;
  if (formListOfStructured(param, value, tool)) return true;
  const wire: WireSpec = param.wire;
  if (wire.in !== "query" || wire.of || value === null || typeof value !== "object" || Array.isArray(value))
    return false;
  if (wire.encoding?.json || wire.encoding?.style === "deepObject") return false;
  // A field that is itself a list or an object has no form in these styles (the runtime then writes the whole object
  // in bracket form, which the document does not describe).
  if (Object.values(value).some((v) => v !== null && typeof v === "object")) return true;
  if (wire.encoding && (wire.encoding.style !== "form" || !wire.encoding.explode)) return false;
  // Spread, a pair of a name its schema does not list is no field of it: a service cannot tell it from another
  // query parameter.
  const fields = listed();
  return fields !== undefined && Object.keys(value).some((k) => !fields.has(k));
}

/**
 * Whether a rule of the tool counts `name` as given or not
 * (exactlyOne, anyOf, atMostOne, requiredWhen's, and the one a requiredWhen without values depends on, replaces).
 */
export function countedByRule(tool: ToolSpec, name: string): boolean {
  return tool.rules.some((r) =>
    r.rule === "exactlyOne"
      ? r.params.includes(name)
      : r.rule === "anyOf" || r.rule === "atMostOne"
        ? r.groups.some((g) => g.includes(name))
        : r.rule === "replaces"
          ? r.param === name || r.params.includes(name)
          : r.rule === "requiredWhen" && (r.param === name || (r.values === undefined && r.dependsOn === name)),
  );
}

/**
 * A form body's field (no JSON `contentType`, not `deepObject`) holding a list with an item that is itself a list or
 * an object, where the document's items may be plain values: its style has no form for such an item (a pair per item,
 * RFC 6570), and a value of plain items is sent as the style says. A list whose items the document types as objects or
 * lists has no such value: it goes in bracket form with indexes (`name[0][k]=v`, the runtime's, as PHP, Rails and qs
 * read it), which the request judge and the mock read back (judge/spread-form-objects.ts `listInBrackets`).
 */
function formListOfStructured(param: ParamSpec, value: unknown, tool: ToolSpec): boolean {
  if (param.wire.in !== "body" || !Array.isArray(value) || !writtenWithBrackets(param, tool)) return false;
  if (param.wire.pointer.lastIndexOf("/") !== 0 || formField(tool, param.wire.pointer)?.style === "deepObject")
    return false;
  if (param.items?.type === "object" || param.items?.type === "array") return false;
  return value.some((item) => item !== null && typeof item === "object");
}

/** Whether a value written in bracket form or a style sends no pair: an object or a list of nothing, at any depth. */
export function sendsNothing(value: unknown): boolean {
  return isEmptyContainer(withoutEmpty(value));
}

/** An object or a list with nothing in it. */
function isEmptyContainer(value: unknown): boolean {
  return value !== null && typeof value === "object" && Object.keys(value).length === 0;
}

/** A made object without the keys the parameter refuses (forbiddenKeys), which the schema it was made from allows. */
export function withoutForbiddenKeys(param: ParamSpec, value: unknown): unknown {
  const forbidden = param.forbiddenKeys;
  if (!forbidden || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const refused = (k: string) =>
    forbidden.keys.some((f) => (forbidden.caseInsensitive ? f.toLowerCase() === k.toLowerCase() : f === k));
  return Object.fromEntries(Object.entries(value).filter(([k]) => !refused(k)));
}

/**
 * The values a secret stands in with: the suite's stand-in (`standIn`: an operation's own secret's by its name, the
 * credential's CREDENTIAL), and it cut or padded to the secret's lengths where they refuse it (else a word other values
 * are made of, `example…`, stood in, and the runtime, rightly, withheld it from every message showing such a value: a
 * limit case's `examplexx…` shown as `[redacted]x…`).
 */
export function secretStandIns(param: ParamSpec, standIn = `bw-contract-${param.name}-0001`): unknown[] {
  // A secret list of texts: a list of two stand-ins (its items held to their own rules as any value is).
  if (param.type === "json") return [[standIn, `bw-contract-${param.name}-0002`]];
  const fitted = standIn.slice(0, param.maxLength ?? Infinity).padEnd(param.minLength ?? 0, "0");
  return fitted === standIn ? [standIn] : [standIn, fitted];
}
