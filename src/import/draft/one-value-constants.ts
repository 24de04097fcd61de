// A required header or query parameter whose schema admits exactly one value (`enum: [x]`, `const: x`: an RPC-style
// API names the method in a header, `X-Target: Service.Method`, on every operation) is no input: every caller would
// have to give the one value it can take, and a call without it would be refused. `add` drafts it as an operation
// constant (link/constants), which the package sends itself; empty text too, in the query (`?flag=`). An optional one
// stays a parameter (sending it would change what the call means), as does one whose value is null, a header's empty
// text, a path parameter (a constant goes in a header or the query), and one the runtime or the credential writes (left
// out before this: params.ts leftOut).
import { isIgnoredHeader } from "../../load/ignored-headers.js";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import type { ManifestConstant } from "../../load/precompiled/manifest-types.js";
import { oneValue } from "../../model/one-value.js";
import { namesCredential } from "../auth/credential-params.js";
import { admitsNullOnly, nullOnlyField } from "../shapes/null-only.js";
import { safeFlatten } from "./param-schema.js";

/** A parameter the operation declares, or a field of an object query parameter (its `of`: shapes/query-object.ts). */
interface Declared {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
  content?: string;
}

/** The constant a declared parameter is drafted as, with its review note; undefined when it stays a parameter. */
export function oneValueConstant(
  doc: OpenApiDocument,
  declared: Declared,
): { constant: ManifestConstant; note: string } | undefined {
  if (!declared.required || (declared.in !== "header" && declared.in !== "query")) return undefined;
  // A field of an object query parameter, or a value encoded as a media type (`content`), is not sent as written.
  if ("of" in declared || declared.content !== undefined) return undefined;
  if (isIgnoredHeader(declared) || namesCredential(declared.name)) return undefined;
  const flat = declared.schema ? safeFlatten(doc, declared.schema) : undefined;
  const one = oneValue(flat);
  const value = one?.value;
  if (!(typeof value === "string" || typeof value === "number" || typeof value === "boolean")) return undefined;
  // Empty text in the query is sent as `?name=` (a flag present with no value); a header of no value is not drafted
  // so (proxies and fetch may drop it).
  if (value === "" && declared.in !== "query") return undefined;
  return {
    constant: { in: declared.in, name: declared.name, value },
    note:
      `the required ${declared.in} parameter ${declared.name} admits one value (${JSON.stringify(value)}): drafted ` +
      "as a constant the package sends itself, since callers could give nothing else" +
      (value === "" ? ` (sent as ${declared.name}= with no value)` : ""),
  };
}

/**
 * A body field no caller could give another value of: a JSON one admitting null alone, left out or a constant null
 * where required (shapes/null-only.ts), or a required one of one value (oneValueField); undefined for any other.
 */
export function constantField(
  field: string,
  flat: Schema | undefined,
  sent: { required: boolean; encoding: string; shape: boolean },
): { constant?: ManifestConstant; note: string } | undefined {
  if (sent.encoding === "json" && admitsNullOnly(flat)) return nullOnlyField(field, sent.required);
  return oneValueField(field, flat, sent);
}

/**
 * The constant a required field of a JSON or form body is drafted as where its schema admits one text, number or
 * boolean (`type: {enum: [SQL]}`: a kind's tag, a grant type), as a header or query parameter of one value is; with
 * its note. Undefined for an optional field, one of other values or of empty text, or one a union's shapes narrow
 * to values of their own (`shape`: drafted as the enum of all of them).
 */
export function oneValueField(
  field: string,
  flat: Schema | undefined,
  sent: { required: boolean; encoding: string; shape: boolean },
): { constant: ManifestConstant; note: string } | undefined {
  if (!sent.required || sent.shape || (sent.encoding !== "json" && sent.encoding !== "form")) return undefined;
  const value = oneValue(flat)?.value;
  if (!(typeof value === "string" || typeof value === "number" || typeof value === "boolean") || value === "")
    return undefined;
  return {
    constant: { in: "body", pointer: `/${field.replace(/~/g, "~0").replace(/\//g, "~1")}`, value },
    note:
      `the required body field ${field} admits one value (${JSON.stringify(value)}): drafted as a constant the ` +
      "package sends itself, since callers could give nothing else",
  };
}
