// A path value that spans segments (`wire.multiSegment`), written into the address as its kind says, and what of a
// link of the service's (`reserved`, `as-given`) is refused before any request:
//   - `true` (a file path): each segment percent-encoded, its `/` kept;
//   - `reserved` (RFC 6570's reserved expansion `{+name}`, §3.2.3): the unreserved and reserved characters as they are,
//     a percent-encoded triple kept, every other character percent-encoded as UTF-8; so a value carrying its own
//     query (`uploads/7?_state=a&n=1`) sends a path and a query, not one segment;
//   - `as-given` (AutoRest's `x-ms-skip-url-encoding`: the value as the service gave it): written as `reserved`
//     writes it, and a whole address (`https://…`) is the request's address, on the call's own origin and under its
//     base path only, so that the credential never goes to another (as a next page's address, transport.ts).
// A `#` would start the address's fragment, which no request carries, a `?` where the path template goes on after the
// value (`/{scope}/providers/…`) would make that text part of the value's query, and a segment `.` or `..`
// (percent-encoded too: a URL parser reads `%2e%2e` as `..`) would reach out of the path's base: all refused, naming
// the value. An `as-given` value given with a leading `/` where the template has one before it (a resource id
// `/zqsubs/1/…` under `/{scope}/providers/…`, the form such an id is written in) is joined there, one `/`, as
// AutoRest's clients join it: not an empty segment (`//` would read as a host). All of it is the form support's
// (call/form-body.ts), which a tool with such a value is never called without (support.ts `formNeeded`): a package
// whose tools send none bundles none of it.
import type { Failure } from "./errors.js";
import type { MultiSegment } from "../spec/param-types.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { type Encoded, percentEncoded, segmentsEncoded } from "./percent-encoding.js";
import { textAfter, textBefore } from "../common/text-after.js";

/** A whole address an `as-given` value may be: http or https, scheme and host. */
const ABSOLUTE = /^https?:\/\//i;
/** RFC 3986's unreserved and reserved characters: what reserved expansion writes as it is. */
const KEPT_ONLY = /^[\w.~:/?#[\]@!$&'()*+,;=-]*$/;
const NOT_KEPT = /[^\w.~:/?#[\]@!$&'()*+,;=-]/gu;

/** Text as RFC 6570's reserved expansion writes it (`{+name}`): see above. */
export function reservedExpanded(text: string): string {
  // Most links are kept characters only: sent as they are, no new string made.
  if (KEPT_ONLY.test(text)) return text;
  // split with a capture: the value's own triples at the odd places, kept; a `%` of no triple is encoded.
  return text
    .split(/(%[0-9A-Fa-f]{2})/)
    .map((part, i) => (i % 2 ? part : part.replace(NOT_KEPT, percentEncoded)))
    .join("");
}

/**
 * A path value spanning segments as the address holds it; `whole`: an `as-given` value that is a whole address, which
 * replaces the call's base address and the path before it (transport.ts `requestUrl`).
 */
export function spannedPath(text: string, kind: MultiSegment): Encoded {
  if (kind === true) return { encoded: segmentsEncoded(text) };
  const encoded = reservedExpanded(text);
  if (kind !== "as-given") return { encoded };
  return ABSOLUTE.test(text)
    ? { encoded, whole: true }
    : text.startsWith("/")
      ? { encoded, leadingSlash: true }
      : { encoded };
}

/**
 * Whether a value's leading `/` is the one before it in the template (`before`, the template's text before it): the
 * path holds the rest (the suite reads the value sent, and draws one, by it: contract/request/sent-value.ts,
 * contract/inputs/random-inputs.ts).
 */
export const joinsSlash = (text: string, kind: MultiSegment | undefined, before: string): boolean =>
  kind === "as-given" && text.startsWith("/") && before.endsWith("/");

/**
 * Why a `reserved` or `as-given` value cannot be sent, or undefined: a `#`, a `?` where the path template goes on after
 * the value (`after`, its literal text: `/{scope}/providers/…`), or a segment "", "." or ".." before its query (a whole
 * address's path: a segment "." or ".."; an `as-given` value's leading `/` after `before`'s, the template's text
 * before it, not one). The kind's words for the message.
 */
export function linkValueProblem(
  text: string,
  kind: "reserved" | "as-given",
  after = "",
  before = "",
): string | undefined {
  const how =
    kind === "reserved"
      ? `its reserved characters are sent as they are (wire.multiSegment: reserved, RFC 6570's reserved expansion)`
      : `it is sent as given (wire.multiSegment: as-given)`;
  if (text.includes("#"))
    return `must not hold "#": ${how}, and a "#" would start the address's fragment, which is never sent`;
  const query = text.indexOf("?");
  // RFC 6570 would write the text after the value into the value's query (`/a?x=1/providers/…`), and OpenAPI holds a
  // path value to no "?": a query of its own is the address's only where the value ends the path.
  if (query >= 0 && after !== "")
    return (
      `must not hold "?" here: ${how}, and the path goes on after it (${JSON.stringify(after)}), which its "?" ` +
      `would make part of a query: give the path only, and query values as the operation's own parameters`
    );
  const path = (query < 0 ? text : text.slice(0, query)).slice(joinsSlash(text, kind, before) ? 1 : 0);
  const whole = kind === "as-given" && ABSOLUTE.test(path);
  const segments = (whole ? path.replace(/^https?:\/\/[^/]*/i, "") : path).split("/");
  for (const [i, segment] of segments.entries()) {
    const dots = segment.replace(/%2e/gi, ".");
    if (dots === "." || dots === ".." || (!whole && segment === ""))
      return (
        `must not be or hold a segment ${whole ? "" : '"", '}"." or ".." before its query ` +
        `(${JSON.stringify(segment)}, segment ${i + 1}): ${how}, and the server would read it out of the path's base`
      );
  }
  return undefined;
}

/**
 * linkValueProblem for a value of the parameter `spec` where the tool's path template places it (the text after its
 * `{name}` there), as a call's check asks it (validate/string-check.ts): worked out here, the form support's, so that a
 * package without links bundles none of it.
 */
export function linkProblem(
  text: string,
  kind: "reserved" | "as-given",
  spec?: ParamCall,
  tool?: { path?: string },
): string | undefined {
  const name = spec?.wire.in === "path" ? spec.wire.name : undefined;
  // No template (a value checked for no tool): as leniently as its "?", the call's own check placing it.
  if (tool?.path === undefined || name === undefined) return linkValueProblem(text, kind, "", "/");
  return linkValueProblem(text, kind, textAfter(tool.path, name), textBefore(tool.path, name));
}

/** The path parameters of a tool whose value may be a whole address (`as-given`), found once a tool. */
const linksOf = new WeakMap<ToolCall, ParamCall[]>();

/**
 * A tool's `as-given` value that is a whole address and may not be the request's (wholeAddressProblem), refused
 * before any request, naming the parameter; `base`: the call's base address.
 */
export function linkedElsewhere(
  tool: ToolCall,
  values: Record<string, unknown>,
  base: string,
): { problem: Omit<Failure, "type"> } | undefined {
  let links = linksOf.get(tool);
  if (!links)
    linksOf.set(tool, (links = tool.params.filter((p) => p.wire.in === "path" && p.wire.multiSegment === "as-given")));
  for (const p of links) {
    const value = values[p.name];
    const problem = typeof value === "string" ? wholeAddressProblem(value, base) : undefined;
    if (problem) return { problem: { param: p.name, rule: "host", message: `${p.name}: ${problem}` } };
  }
  return undefined;
}

/**
 * Why an `as-given` value that is a whole address may not be the request's, or undefined: another origin than the
 * call's (`base`, its base address: none yet where a token names it), a path outside the base's, or a user and
 * password in it.
 */
export function wholeAddressProblem(text: string, base: string): string | undefined {
  if (!ABSOLUTE.test(text)) return undefined;
  const sentAs = "(wire.multiSegment: as-given)";
  if (base === "") return `is a whole address, and the call's own is not known before its token names it ${sentAs}`;
  let url: URL;
  let own: URL;
  try {
    url = new URL(text);
    own = new URL(base);
  } catch {
    return `is no valid address ${sentAs}`;
  }
  if (url.username || url.password) return `is an address with a user or password in it ${sentAs}`;
  if (url.origin !== own.origin)
    return (
      `is an address at ${url.origin}, not at the call's own ${own.origin} ${sentAs}: a whole address is followed ` +
      `only there, so that the credential never goes to another origin`
    );
  const under = own.pathname.replace(/\/+$/, "");
  if (under && url.pathname !== under && !url.pathname.startsWith(`${under}/`))
    return `is an address outside the call's base path ${under} (its path ${url.pathname}) ${sentAs}`;
  return undefined;
}
