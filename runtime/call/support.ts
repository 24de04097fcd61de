// What a call may need beyond the core, by what the provider declares: a
// generated package passes only the parts its tools use (the generator
// decides, src/emit/emit-client.ts), so that a provider without JSON
// parameters, cross-field rules, enums, patterns or lists, a number's enum or
// step, form bodies,
// request bodies, requests other than GET, credentials beyond one sent as it
// is, next-page addresses, a request rate, a bound on the request head, files,
// a reset header or pause to wait for after a 429, RFC 9457 problems, routes,
// constants, outcomes, CSV answers or OAuth 2 flows bundles none of that code.
// execute/full-support.ts has them all: what the workflow runner, the command
// line and `executeToolDefinition` use. A tool that needs a part a caller whose
// parts are chosen by hand was made without fails before any request, naming
// the part to pass (BY_HAND, below); a generated package's own client and
// executeTool are given their parts by the generator, and not checked again.
import { authWays, credentialKindsNeeded } from "../http/credentials.js";
import type { RateLimiter } from "../http/rate-limiter.js";
import type { requestSizeIssue } from "../http/request-size.js";
import { type rateLimitWait, waitsNeeded } from "../http/rate-waits.js";
import { problemMessage } from "../http/problem-details.js";
import type { Issue } from "../common/issue.js";
import { unsupported } from "../common/unsupported.js";
import type { ParamCall, ToolCall, WireSpec } from "../spec/tool-types.js";
import { hasNumberRules, hasStringRules, type ValueSupport } from "../validate/validate-params.js";
import { backtracks } from "../validate/backtracking.js";
import type { credentialKinds, WithOAuth } from "./credential.js";
import type { requestSigning } from "./request-signing.js";
import type { FileSupport } from "./files/file-support.js";
import type { BodySupport } from "./request-body.js";
import type { XmlBodySupport } from "./xml/xml-body.js";
import type { FormSupport, PlaceConstants } from "./wire-request.js";
import type { WriteSupport } from "./write-safety.js";
import type { pageLinks } from "./next-address.js";
import { cursorsNeeded, type pageCursors } from "./page-cursors.js";
import type { instanceAddresses } from "./instance-address.js";
import type { chooseRoute } from "./routes.js";
import type { secretTexts } from "../common/secret-texts.js";
import { holdsNestedSecret, type nestedSecretTexts } from "../validate/nested-secrets.js";
import type { replyOutcomes } from "./outcomes.js";
import type { csvRecords } from "../common/csv-rows.js";

export { SUPPORT_EXPORTS, unsupported } from "../common/unsupported.js";

export interface Support extends WithOAuth, ValueSupport {
  /** Form-encoded bodies, arrays, objects and JSON in the query, styled path and header values: `formEncoding`. */
  form?: FormSupport;
  /** Next pages at an address (`nextUrl`, `linkHeader`): `pageLinks`. */
  links?: typeof pageLinks;
  /**
   * What a reply tells of the next page: its cursor (style `cursor`), or that there is none (`pagination.more`,
   * `pagination.until`, `pagination.total`): `pageCursors`.
   */
  cursors?: typeof pageCursors;
  /**
   * The provider's documented request rate (`rateLimits.requestsPerMinute`), kept per credential by the process's one
   * limiter (`shared()`): `RateLimiter`.
   */
  rateLimits?: { shared(): RateLimiter };
  /** File parameters (multipart uploads) and file answers (`download`): `fileSupport`. */
  files?: FileSupport;
  /**
   * The largest request head the upstream accepts (`limits.requestHeadBytes`), checked before sending:
   * `requestSizeCheck`.
   */
  requestSize?: typeof requestSizeIssue;
  /**
   * Request bodies: values and constants placed in the body, the body encoded (`body`, a wire in the body):
   * `requestBodies`.
   */
  bodies?: BodySupport;
  /** Requests not safe to repeat (POST, PATCH, or declared not idempotent) and idempotency keys: `writeSafety`. */
  writes?: WriteSupport;
  /**
   * Credentials beyond one sent as it is: alternative ways, several together, HTTP basic, cookies: `credentialKinds`.
   */
  credentials?: typeof credentialKinds;
  /**
   * Each request signed just before it is sent, with AWS Signature Version 4 (`auth.sigv4`) or a JWT bound to it
   * (`auth.signedJwt`): `requestSigning`.
   */
  signing?: typeof requestSigning;
  /**
   * The wait a 429 without Retry-After asks for, by the manifest's `rateLimits.resetHeader` or `pauseMs`:
   * `rateLimitWaits`.
   */
  waits?: typeof rateLimitWait;
  /**
   * The address of a provider reached at the caller's instance (`server.param`), and a flow's token naming it:
   * `instanceAddresses`.
   */
  addresses?: typeof instanceAddresses;
  /**
   * An RFC 9457 problem's title, detail and first reasons as an error's message when the manifest's expressions find
   * none: `problemDetails`.
   */
  problems?: typeof problemMessage;
  /** The route a parameter's value chooses (`routes`): `valueRoutes`. */
  routes?: typeof chooseRoute;
  /**
   * Constants sent always (`constants`) or by a switch parameter (`whenTrue`), and the Accept a tool asks for
   * (`accept`): `wireConstants`.
   */
  constants?: PlaceConstants;
  /** A status read as an outcome (`outcomes`), a 2xx read as a failure (`errors.failureWhen`): `replyOutcomes`. */
  outcomes?: typeof replyOutcomes;
  /** A secret list of texts (`secret` on a JSON list): each item and the list written whole withheld: `secretTexts`. */
  secretLists?: typeof secretTexts;
  /** A secret field inside a JSON parameter's value (NestedLimits.secret), withheld as a secret's: `nestedSecrets`. */
  nestedSecrets?: typeof nestedSecretTexts;
  /**
   * An answer in CSV read as records by the row schema (answerText `{csv}`): `csvRecords`. The RFC 4180 reader sat on
   * every client's path, read by a few tools at most.
   */
  csv?: typeof csvRecords;
}

/**
 * Whether the tool's requests need the form encoding (`form`): a form body, a JSON parameter in the query, a value
 * the document styles or that spans path segments (its own wire or a route's), or a path whose own query holds an
 * expression.
 */
export function formNeeded(tool: ToolCall): boolean {
  // A form body, or a multipart body some of whose fields are written as a form's (their pairs as parts; a JSON part
  // needs none).
  if (
    tool.body?.encoding === "form" ||
    (tool.body?.encoding === "multipart" && Object.values(tool.body.fields ?? {}).some((f) => !f.json))
  )
    return true;
  const styled = (w: WireSpec | undefined) =>
    ((w?.in === "query" || w?.in === "path" || w?.in === "header") && w.encoding !== undefined) ||
    (w?.in === "path" && w.multiSegment !== undefined) ||
    w?.in === "cookie";
  // A path whose own query holds an expression (`/search?q={q}`): a pair no path value fills is a query parameter's.
  if ([tool, ...tool.routes].some((t) => /\?.*\{/.test(t.path))) return true;
  return tool.params.some(
    (p) =>
      (p.type === "json" && (p.wire.in === "query" || tool.routes.some((r) => r.wire[p.name]?.in === "query"))) ||
      styled(p.wire) ||
      tool.routes.some((r) => styled(r.wire[p.name])),
  );
}

/**
 * Whether the tool's requests may have a body (`bodies`): a body declared, or a value, constant or page cursor placed
 * in one.
 */
export function bodyNeeded(tool: ToolCall): boolean {
  const inBody = (wire: WireSpec | undefined) =>
    wire?.in === "body" || (wire?.in === "switch" && wire.whenTrue.some((c) => c.in === "body"));
  const next = tool.pagination?.next;
  return (
    tool.body !== undefined ||
    tool.constants.some((c) => c.in === "body") ||
    tool.params.some((p) => inBody(p.wire)) ||
    tool.routes.some((r) => Object.values(r.wire).some(inBody)) ||
    (next !== undefined && "send" in next && next.send.in === "body")
  );
}

/**
 * Whether a tool sends constants (`constants`): its own, a switch parameter's (its own wire or a route's), or the type
 * it asks the answer in (`accept`).
 */
export function constantsNeeded(tool: ToolCall): boolean {
  const switched = (wire: WireSpec | undefined) => wire?.in === "switch";
  return (
    tool.constants.length > 0 ||
    tool.accept !== undefined ||
    tool.params.some((p) => switched(p.wire)) ||
    tool.routes.some((r) => Object.values(r.wire).some(switched))
  );
}

/**
 * Whether a tool reads its replies beyond their status (`outcomes`): a status mapped to outputs, or a 2xx its body says
 * failed.
 */
export function outcomesNeeded(tool: ToolCall): boolean {
  return tool.outcomes.length > 0 || tool.errors.failureWhen !== undefined;
}

/** What a call is: its raw input and whether it asks for more than one page (what some parts are needed for). */
export interface CallNeeds {
  input: Record<string, unknown>;
  pages: boolean;
}

/**
 * A part of the support and what needs it: `what` it does (the refusal says it); whether a tool `declares` a
 * need of it (the generator gives its package the part: src/emit/emit-client.ts supportParts), `true` or the
 * parameter that needs it; `now`, whether this call needs it when a declared need may go unused (a token given
 * as it is needs no flow, one page no next-page address); `given`, whether `support` has it (default: the key).
 */
interface Part {
  what: string;
  declares(tool: ToolCall): boolean | string;
  now?(tool: ToolCall, call: CallNeeds): boolean;
  given?(support: Support & { oauth?: { send?: unknown } }): boolean;
}

// Keys of a tool's rules that hold data or words, not rules: a `pattern` key inside them is a value's, and they are
// not read (a description may be made when it is read).
const NOT_RULES = new Set([
  "example",
  "default",
  "enum",
  "const",
  "knownValues",
  "placeholder",
  "description",
  "title",
]);

/** Whether `rules` (a parameter, a form, a JSON value's limits, at any depth) holds a pattern that backtracks. */
function holdsBacktracking(rules: unknown): boolean {
  if (typeof rules !== "object" || rules === null) return false;
  if (Array.isArray(rules)) return rules.some(holdsBacktracking);
  for (const key of Object.keys(rules)) {
    if (NOT_RULES.has(key)) continue;
    const value = (rules as Record<string, unknown>)[key];
    if (key === "pattern" && typeof value === "string" ? backtracks(value) : holdsBacktracking(value)) return true;
  }
  return false;
}

/**
 * The parameter (or `true`: a route's) whose pattern, anywhere in its rules (a form, a JSON value's fields and items),
 * JavaScript's engine may take exponential time on (validate/backtracking.ts); false if none.
 */
function backtrackingPattern(tool: ToolCall): string | boolean {
  return paramWhere(tool, holdsBacktracking) || tool.routes.some((r) => backtracks(r.when.pattern));
}

/** Whether one of a parameter's forms (`anyOf`), as a parameter of its own, meets `test`. */
const formsWhere = (p: ParamCall, test: (form: ParamCall) => boolean): boolean =>
  p.anyOf?.some((form) => test({ ...p, ...form })) ?? false;

/** The parameter of the tool that meets `test`, or false. */
const paramWhere = (tool: ToolCall, test: (p: ParamCall) => boolean): string | false =>
  tool.params.find(test)?.name ?? false;
const linkStyles = (tool: ToolCall) =>
  tool.pagination?.next.style === "nextUrl" || tool.pagination?.next.style === "linkHeader";

/**
 * Every part a tool's declarations may need, checked before a call by the callers whose parts are chosen by hand
 * (BY_HAND): one record, read by the check and by the generator's choice, so a new part is named in both.
 */
const PARTS = {
  oauth: {
    what: "obtaining an access token by an OAuth 2 flow and sending with it",
    declares: (tool) => tool.oauth !== undefined,
    // A token given as it is goes without the flows.
    now: (tool, call) => {
      const token = call.input[tool.auth.param];
      return typeof token !== "string" || token.trim() === "";
    },
    given: (support) => support.oauth?.send !== undefined,
  },
  json: { what: "checking a JSON parameter", declares: (tool) => paramWhere(tool, (p) => p.type === "json") },
  boolean: { what: "checking a boolean parameter", declares: (tool) => paramWhere(tool, (p) => p.type === "boolean") },
  formats: {
    what: "checking a string format (date, date-time, email, uri, uuid)",
    declares: (tool) =>
      paramWhere(
        tool,
        (p) => (p.format !== undefined && p.format !== "base-url") || formsWhere(p, (f) => f.format !== undefined),
      ),
  },
  rules: { what: "checking the cross-field rules", declares: (tool) => tool.rules.length > 0 },
  form: {
    what:
      "encoding a form body, a query array or object, a styled value, one spanning path segments, a cookie " +
      "parameter or a path's own query pair a query parameter sends",
    declares: formNeeded,
  },
  links: {
    what: "following the next page's address (nextUrl, linkHeader)",
    declares: linkStyles,
    now: (_, call) => call.pages,
  },
  cursors: {
    what: "reading a next page's cursor, or the last page a reply tells (pagination.more, until, total)",
    declares: (tool) => cursorsNeeded(tool.pagination),
    now: (_, call) => call.pages,
  },
  files: {
    what: "sending or receiving a file, or a stream of items",
    declares: (tool) =>
      tool.download !== undefined ||
      tool.stream !== undefined ||
      tool.body?.encoding === "multipart" ||
      paramWhere(tool, (p) => p.type === "file"),
  },
  strings: {
    what: "checking an enum, a pattern, a format or a list",
    declares: (tool) =>
      paramWhere(
        tool,
        (p) =>
          (p.type === "string" && hasStringRules(p)) || formsWhere(p, (f) => f.type === "string" && hasStringRules(f)),
      ),
  },
  numbers: {
    what: "checking a number's enum or step (multipleOf)",
    declares: (tool) => paramWhere(tool, (p) => hasNumberRules(p) || formsWhere(p, hasNumberRules)),
  },
  unions: {
    what: "checking a value of several forms (anyOf)",
    declares: (tool) => paramWhere(tool, (p) => p.anyOf !== undefined),
  },
  bodies: { what: "sending a request body", declares: bodyNeeded },
  // Any method but GET, or a GET declared not idempotent: write-safety.ts tells which requests are safe to repeat.
  writes: {
    what: "sending a request that is not safe to repeat, or an idempotency key",
    declares: (tool) =>
      tool.idempotency !== undefined ||
      tool.behavior?.idempotent === false ||
      [tool, ...tool.routes].some((t) => t.method !== "GET"),
  },
  credentials: {
    what: "sending a basic or cookie credential, several credentials, or one of alternative ones",
    declares: (tool) => credentialKindsNeeded(tool.auth),
  },
  signing: {
    what: "signing each request with AWS Signature Version 4 (auth.sigv4) or a JWT bound to it (auth.signedJwt)",
    declares: (tool) => authWays(tool.auth).some((way) => way.type === "sigv4" || way.type === "signedJwt"),
  },
  requestSize: {
    what: "checking the size of the request head (limits.requestHeadBytes)",
    declares: (tool) => tool.server.requestHeadBytes !== undefined,
  },
  waits: { what: "waiting after a 429 as rateLimits.resetHeader or pauseMs say", declares: waitsNeeded },
  addresses: {
    what: "reading the instance address from its parameter (server.param) or its server variables (server.url)",
    // A template whose only variable is the credential's (auth.variable) is still an address made per call.
    declares: (tool) =>
      tool.server.param ??
      (tool.server.template !== undefined && (Object.values(tool.server.variables ?? {})[0] ?? true)),
  },
  routes: { what: "choosing a route by a parameter's value (routes)", declares: (tool) => tool.routes.length > 0 },
  constants: { what: "sending constants (constants, a switch's whenTrue, accept)", declares: constantsNeeded },
  outcomes: {
    what: "reading a status as an outcome (outcomes) or a 2xx as a failure (errors.failureWhen)",
    declares: outcomesNeeded,
  },
  patterns: {
    what: "checking a pattern JavaScript's engine may take exponential time on, in linear time",
    declares: backtrackingPattern,
  },
  secretLists: {
    what: "withholding a secret list's items (secret on a list of texts)",
    declares: (tool) => paramWhere(tool, (p) => p.secret === true && p.type === "json"),
  },
  nestedSecrets: {
    what: "withholding a secret inside a JSON value",
    declares: (tool) => paramWhere(tool, holdsNestedSecret),
  },
  csv: {
    what: "reading a CSV answer as records (answerText csv)",
    declares: (tool) => typeof tool.answerText === "object",
  },
} as const satisfies { [K in keyof Support]?: Part };

export type CallPart = keyof typeof PARTS;

/** Every part a tool's declarations may need, in the order the check refuses them. */
export const CALL_PARTS = Object.keys(PARTS) as CallPart[];

/** Whether a tool declares a need of a part (the generator gives its package the part). */
export function needsPart(tool: ToolCall, part: CallPart): boolean {
  return PARTS[part].declares(tool) !== false;
}

/** The refusal of a call whose tool needs a part `support` lacks, the first such. */
export function missingPart(
  tool: ToolCall,
  support: Support,
  call: CallNeeds = { input: {}, pages: false },
): Issue | undefined {
  for (const key in PARTS) {
    const part: Part = PARTS[key as CallPart];
    const need = part.declares(tool);
    if (
      need === false ||
      (part.given ? part.given(support) : support[key as CallPart]) ||
      (part.now && !part.now(tool, call))
    )
      continue;
    return unsupported(key as CallPart, part.what, typeof need === "string" ? need : undefined);
  }
  // A stream of server-sent events is read by the files support that parses them (eventFileSupport).
  if (tool.stream?.events && support.files && !support.files.readsEvents)
    return {
      rule: "support",
      message: `${tool.id} answers server-sent events: pass eventFileSupport (from @blockwright/runtime) as files`,
    };
  // An XML body is the XML request bodies' (xmlBodies, given as `bodies`), which refuse a value XML cannot carry.
  if (tool.body?.encoding !== "xml") return undefined;
  const xml = support.bodies as Partial<XmlBodySupport> | undefined;
  return xml?.problem
    ? xml.problem(tool, call.input)
    : {
        rule: "support",
        message: `${tool.id} sends an XML body: pass xmlBodies (from @blockwright/runtime) as bodies`,
      };
}

/**
 * What a caller whose parts are chosen by hand (createExecutor, createClient,
 * collectPages, executeToolDefinition) runs with besides them: the check that
 * each tool's parts are given, and the reading of RFC 9457 problems, which no
 * tool definition says it needs (a mock answers with them whatever the spec
 * declares). A generated package's client and executeTool have neither: the
 * generator gave them their tools' parts, and `problems` when an operation
 * declares a problem+json answer.
 */
export const BY_HAND = { partsCheck: missingPart, problems: problemMessage };
