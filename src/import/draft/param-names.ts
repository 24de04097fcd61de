// Manifest parameter names for wire names: an identifier as it is, else its
// camelCase, a trailing comparison operator (`DateSent<`) as its word
// (`dateSentBefore`), never a name the manifest reserves, made unique.
import { PAGE_INPUTS } from "@blockwright/runtime/internal";
import { camelCase } from "../../model/naming.js";
import type { CredentialDraft } from "../auth/credential-draft.js";

/** Parameter names the manifest reserves: the block's operation selector and the paging inputs. */
const RESERVED = new Set(["operation", ...PAGE_INPUTS]);

/**
 * Comparison operators some APIs end a filter's name with (`DateSent<`,
 * `DateSent>=`): the word each stands for in a parameter name, and the bound
 * it sets, for the description.
 */
const OPERATORS: Record<string, { word: string; bound: string }> = {
  "<": { word: "Before", bound: "Upper bound" },
  "<=": { word: "OnOrBefore", bound: "Upper bound, inclusive" },
  "=<": { word: "OnOrBefore", bound: "Upper bound, inclusive" },
  ">": { word: "After", bound: "Lower bound" },
  ">=": { word: "OnOrAfter", bound: "Lower bound, inclusive" },
  "=>": { word: "OnOrAfter", bound: "Lower bound, inclusive" },
};

/** The operator a wire name ends with (`DateSent<` → `<`), if any. */
export function operatorOf(wireName: string): { base: string; word: string; bound: string } | undefined {
  const found = /^(.*[A-Za-z0-9_\]])\s*([<>]=?|=[<>])$/.exec(wireName);
  const op = found ? OPERATORS[found[2] ?? ""] : undefined;
  return found && op ? { base: found[1] ?? "", ...op } : undefined;
}

/**
 * A manifest parameter name for a wire name: itself when it is an identifier free to use, else its camelCase (an
 * operator as its word), made unique.
 */
export function paramName(wireName: string, taken: ReadonlySet<string>): string {
  const operator = operatorOf(wireName);
  let name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(wireName)
    ? wireName
    : operator
      ? `${camelCase(operator.base)}${operator.word}`
      : camelCase(wireName) || "value";
  if (!/^[A-Za-z_]/.test(name)) name = `p${name}`;
  if (RESERVED.has(name)) name = `${name}Value`;
  let unique = name;
  for (let i = 2; taken.has(unique); i++) unique = `${name}${i}`;
  return unique;
}

/**
 * A declared parameter's name where its own is a credential's parameter (a path `/zqfeeds/{apiKey}/…` beside the
 * credential `apiKey`): a value of its own, named by the path's word before it (`zqfeedsApiKey`), else by its place
 * (`queryApiKey`), where numbering (`apiKey2`, "apiKey2: is required") told a caller nothing of which key is meant.
 */
export function apartName(
  declared: { in: string; name: string },
  path: string,
  credential: CredentialDraft,
  taken: ReadonlySet<string>,
): string {
  const own = paramName(declared.name, new Set());
  if (!credential.ways.flat().some((c) => c.param.toLowerCase() === own.toLowerCase())) {
    return paramName(declared.name, taken);
  }
  const segments = path.split("/");
  const at = segments.indexOf(`{${declared.name}}`);
  const before = at > 0 ? segments[at - 1] : undefined;
  const word = declared.in === "path" && before && !before.includes("{") ? camelCase(before) : declared.in;
  return paramName(`${word || declared.in}${own.charAt(0).toUpperCase()}${own.slice(1)}`, taken);
}

/** A declared parameter, as the header check reads it. */
interface NamedParam {
  in: string;
  name: string;
  required?: boolean;
}

/**
 * Why a header parameter is not drafted when the operation declares the same header again under a name that differs
 * only in letter case (`Idempotency-Key` and a shared `idempotency-key`): HTTP header names are case-insensitive, so
 * both are one header, and two parameters sending it made a draft that generate refused. The first required one is
 * drafted (else the first); undefined for any other parameter.
 */
export function repeatedHeader(declared: NamedParam, beside: readonly NamedParam[]): string | undefined {
  if (declared.in !== "header") return undefined;
  const same = beside.filter((p) => p.in === "header" && p.name.toLowerCase() === declared.name.toLowerCase());
  const kept = same.find((p) => p.required === true) ?? same[0];
  if (same.length < 2 || !kept || kept.name === declared.name) return undefined;
  return (
    `header parameter ${declared.name} not drafted: it is the header ${kept.name} again (header names are ` +
    `case-insensitive), drafted once as ${kept.name}`
  );
}

/** The places a declared parameter goes, in the word a name takes for each. */
const PLACES = ["path", "query", "header", "cookie"] as const;

/**
 * A body field's name where a declared parameter of the operation already goes by its wire name (a query `data_file`
 * beside a multipart field `data_file`), or a credential's parameter by the field's (a guest record's `apiKey` beside
 * the caller's key, a sign-in's `password` beside HTTP basic's): named by its place, `formDataFile` (a form's field)
 * or `bodyDataFile` (a JSON body's), where numbering (`data_file2`, `apiKey2`) told a caller nothing of which is which;
 * with the note saying so. Undefined when neither shares the name. `byWire` holds the declared ones as
 * `<in>:<wire name>`; `credentials` the credential's parameters.
 */
export function placedFieldName(
  field: string,
  encoding: string,
  byWire: ReadonlyMap<string, string>,
  taken: ReadonlySet<string>,
  credentials: readonly string[] = [],
): { name: string; note: string } | undefined {
  const place = PLACES.find((p) => byWire.has(`${p}:${field}`));
  const own = paramName(field, new Set()).toLowerCase();
  const credential = place === undefined ? credentials.find((c) => c.toLowerCase() === own) : undefined;
  if (place === undefined && credential === undefined) return undefined;
  const word = encoding === "multipart" || encoding === "form" ? "form" : "body";
  const name = paramName(camelCase(`${word}_${field}`) || `${word}Value`, taken);
  if (place === undefined)
    return {
      name,
      note:
        `the credential's parameter ${credential} and this ${word} field share a name: this one is named by its ` +
        `place (${name}), sent in the ${word}; the credential goes where its scheme puts it`,
    };
  return {
    name,
    note:
      `the ${place} parameter ${field} (drafted as ${byWire.get(`${place}:${field}`)}) and this ${word} field ` +
      `share a name: this one is named by its place (${name}), each sent where the document puts it; check which ` +
      "one the API reads, and drop the other",
  };
}
