// A string parameter's check, made once per tool and parameter: what depends only on the (immutable) definition — its
// places on the wire, the credential it is, which of the characters' rules apply, its messages — is worked out when it
// is made, and a call runs only the tests its value needs. Interpreting the definition on every call looked up its
// places (two hashed lookups), copied the tool's auth twice to find the credential, and asked a dozen fields again.
import { checkInstanceAddress } from "./address-rules.js";
import { characters, SECRET_MIN_LENGTH, SHORT_SECRET_MIN_LENGTH } from "../common/redact.js";
import { lacks } from "../common/unsupported.js";
import { credentialOfParam, encodedCredential, headerTextProblem } from "../http/credentials.js";
import type { MultiSegment } from "../spec/param-types.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { placements } from "./string-places.js";
import { type Checked, problem, type ValueSupport } from "./value-checks.js";

/** A given (non-empty) string value checked and normalised, or the rule it breaks. */
export type StringCheck = (s: string, support: ValueSupport, secrets: readonly string[]) => Checked;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/u;
// A header value loses leading and trailing spaces and tabs on the way (fetch trims them).
const HEADER_TRIMMED = /^[ \t]|[ \t]$/;
// A path value that is a dot segment, or holds one when it spans segments (a file path's `a/../b`): an address
// resolves it away (so does `fetch`, `%2E` too), and the request would go to another resource. Spanning, an empty
// segment is refused too: a leading "/" first in the path makes "//", which an address reads as a host.
const DOT_SEGMENT = /^\.\.?$/;
const SPANNED_DOT_SEGMENT = /(^|\/)(\.\.?)?(\/|$)/;
// Printable ASCII, no space at either end (most values: ids, keys, queries, addresses): well-formed, each unit a
// character, no control character nor one past ASCII, nothing a header trims. One test in place of those five (a key
// sent in a header took six passes over its text a call).
const PLAIN = /^[!-~](?:[ -~]*[!-~])?$/;

// Header values are Latin-1 without control characters (a CR/LF would split the header).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
export const NOT_HEADER_SAFE = /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/u;

/**
 * Whether a string parameter has rules of the strings support (`stringRules`): an enum, a pattern, a format or a list
 * (its own, or a body's `wire.split`).
 */
export function hasStringRules(spec: ParamCall): boolean {
  return (
    spec.enum !== undefined ||
    spec.pattern !== undefined ||
    spec.separator !== undefined ||
    (spec.format !== undefined && spec.format !== "base-url") ||
    (spec.wire.in === "body" && spec.wire.split !== undefined)
  );
}

/**
 * What of a tool a string's check reads: its routes, its auth, its path (where a link's value sits) and its body's
 * field encodings (a field sent by reserved expansion, whose triples the form part checks: such a place has it).
 */
export type StringTool = Pick<ToolCall, "routes" | "auth"> & { path?: string; body?: ToolCall["body"] };

const made = new WeakMap<object, Map<ParamCall, StringCheck>>();
const NO_TOOL = {};

/** The check of `spec`'s values as `tool` places them (checkValueWith: with no tool, as a header would carry them). */
export function stringCheck(spec: ParamCall, tool: StringTool | undefined): StringCheck {
  const key = tool ?? NO_TOOL;
  let byParam = made.get(key);
  if (!byParam) made.set(key, (byParam = new Map()));
  let check = byParam.get(spec);
  if (!check) byParam.set(spec, (check = compileString(spec, tool)));
  return check;
}

/**
 * A secret's floor: SECRET_MIN_LENGTH, or its document's lower bound down to SHORT_SECRET_MIN_LENGTH (a PIN: redact.ts
 * withholds it as a whole value).
 */
function secretFloor(minLength: number | undefined): number {
  return minLength !== undefined && minLength < SECRET_MIN_LENGTH
    ? Math.max(minLength, SHORT_SECRET_MIN_LENGTH)
    : SECRET_MIN_LENGTH;
}

// A secret is held to a header's characters (Latin-1, no control character) where a header, the address or a credential
// carries it, not in a body (JSON or a form sends UTF-8: a sign-in's password of any text), unless a header carries it,
// nor where nothing carries it (a private key, PEM text in lines, that signs each request's JWT).
function compileString(spec: ParamCall, tool: StringTool | undefined): StringCheck {
  const places = placements(spec, tool);
  const { name, secret, minLength, maxLength } = spec;
  const formatted = spec.format !== undefined && spec.format !== "base-url";
  const ruled = hasStringRules(spec);
  const auth = spec.wire.in === "auth" && tool ? tool.auth : undefined;
  // A bearer token or a header key goes as its own text: ASCII only (http/credentials.ts).
  const credential = auth && credentialOfParam(auth, name);
  const asItsText =
    credential?.param === name && (credential.type === "bearer" || credential.type === "header") ? auth : undefined;
  // A credential sent encoded (HTTP basic's base64 of UTF-8, a query key or cookie percent-encoded) carries any text.
  const unsafe = auth && encodedCredential(auth, name) ? CONTROL : NOT_HEADER_SAFE;
  const unsafeChecked = (secret && !places.form && !places.nowhere && spec.wire.in !== "body") || places.header;
  const unsafeRule =
    unsafe === CONTROL
      ? "must not contain line breaks or other control characters"
      : `must not contain line breaks or other control characters, nor characters outside Latin-1 (it is sent ` +
        `in ${places.query ? "the address" : "an HTTP header"})`;
  const trimmed = places.header || (spec.wire.in === "auth" && !places.nowhere);
  const trimRule =
    `must not start or end with a space or tab (` +
    `${places.header ? "an HTTP header drops them" : "a credential never does: check for a stray space"})`;
  // Only a path parameter's wire spans segments (a route's placement of another parameter never does).
  const spans = places.path && (spec.wire as { multiSegment?: MultiSegment }).multiSegment;
  const segment = places.path ? (spans === true ? SPANNED_DOT_SEGMENT : spans ? undefined : DOT_SEGMENT) : undefined;
  // A link's (`reserved`, `as-given`): its `#`, its `?` mid-path, its dot segments before its query (path-link.ts).
  const link = spans !== true && spans;
  const counted = minLength !== undefined || maxLength !== undefined;
  return (s, support, secrets) => {
    const address = spec.format === "base-url" ? checkBaseUrl(spec, s, secrets) : undefined;
    if (address && "issue" in address) return address;
    if (formatted && !support.formats) return { issue: lacks("formats", name) };
    const strings = ruled ? support.strings : undefined;
    if (ruled && !strings) return { issue: lacks("strings", name) };
    // Plain text breaks none of the characters' rules below: their tests are skipped, in the same order otherwise.
    const plain = PLAIN.test(s);
    if (secret && (plain ? s.length : characters(s)) < secretFloor(minLength))
      return problem(spec, "minLength", `must be at least ${secretFloor(minLength)} characters long`, s, secrets);
    if (!plain) {
      // Half of a surrogate pair: no encoding (URL, JSON sent as UTF-8) can carry it.
      if (!s.isWellFormed())
        return problem(
          spec,
          "characters",
          "must be well-formed Unicode (it holds half of a surrogate pair)",
          s,
          secrets,
        );
      const headerText = asItsText ? headerTextProblem(asItsText, name, s) : undefined;
      if (headerText) return problem(spec, "characters", headerText, s, secrets);
      if (unsafeChecked && unsafe.test(s)) return problem(spec, "characters", unsafeRule, s, secrets);
    }
    // A basic credential (the credential kinds support's, which a tool with one always has): no ":" in its user id.
    const userProblem = auth ? support.credentials?.userProblem(auth, name, s) : undefined;
    if (userProblem) return problem(spec, "characters", userProblem, s, secrets);
    if (!plain && trimmed && HEADER_TRIMMED.test(s)) return problem(spec, "characters", trimRule, s, secrets);
    const triples = s.includes("%") && support.form?.reservedTriplesProblem(spec, s, tool);
    if (triples) return problem(spec, "characters", triples, s, secrets);
    if (segment?.test(s))
      return problem(spec, "pathSegment", 'must not be or hold a segment "", "." or ".."', s, secrets);
    // The form support's, which a tool with a link is never called without (call/support.ts formNeeded).
    const linkProblem = link && support.form?.linkProblem(s, link, spec, tool);
    if (linkProblem) return problem(spec, "pathSegment", linkProblem, s, secrets);
    let value = s;
    if (strings) {
      const checked = strings.check(spec, s, support, secrets);
      if ("issue" in checked) return checked;
      value = checked.value as string;
    }
    if (counted) {
      const length = plain && value === s ? s.length : characters(value);
      if (minLength !== undefined && length < minLength)
        return problem(spec, "minLength", `must be at least ${minLength} characters long`, s, secrets);
      if (maxLength !== undefined && length > maxLength)
        return problem(
          spec,
          "maxLength",
          `must be at most ${maxLength} characters long (it has ${length})`,
          s,
          secrets,
        );
    }
    if (address) return address;
    return strings?.splitLimit(spec, value, s, secrets) ?? { value };
  };
}

/**
 * An address checked as one, before the other rules: one with credentials is withheld from every other rule's message
 * (its length, a pattern), and one that is no address at all is told so before a pattern that assumes one.
 */
function checkBaseUrl(spec: ParamCall, s: string, secrets: readonly string[]): Checked {
  // An instance's address may hold the path it is served under (instance-address.ts joins the API's path after it).
  const checked = checkInstanceAddress(s);
  if ("origin" in checked) return { value: checked.origin + checked.path };
  return checked.withhold
    ? problem(spec, "format", checked.problem, "(address with credentials withheld)")
    : problem(spec, "format", checked.problem, s, secrets);
}
