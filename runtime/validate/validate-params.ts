// Pre-flight validation: every rule of a tool's parameters is checked before
// any request, and each problem names the parameter, the rule and the value.
// Valid input comes back normalised: defaults applied, numbers and booleans
// coerced from their text form, JSON strings parsed, enum case canonicalised,
// base addresses trimmed.
import { credentialOfParam } from "../http/credentials.js";
import { isValueFormat, matchesFormat, VALUE_FORMATS } from "../spec/formats.js";
import { ownValue } from "../common/own.js";
import { isSecretLength, SECRET_MIN_LENGTH } from "../common/redact.js";
import { checkRules } from "./cross-field-rules.js";
import { fileValue } from "./file-values.js";
import type { Issue } from "../common/issue.js";
import type { NestedLimits, ParamSpec, ToolSpec } from "../spec/tool-types.js";

export { checkRules };

export { SECRET_MIN_LENGTH };

export type { Issue };

export type Validated =
  | {
      ok: true;
      /** Effective values, defaults included: what rules and outputs see. */
      values: Record<string, unknown>;
      /** Parameters whose default applies but is not sent (`sendDefault: false`). */
      unsent: Set<string>;
    }
  | { ok: false; issues: Issue[] };

export function validateParams(tool: ToolSpec, input: Record<string, unknown>): Validated {
  const issues: Issue[] = [];
  const values: Record<string, unknown> = {};
  const unsent = new Set<string>();
  const known = paramNames(tool);
  for (const name in input) {
    if (!Object.hasOwn(input, name)) continue;
    if (!known.has(name) && input[name] !== undefined) {
      issues.push({ param: name, rule: "unknown", message: `${name}: not a parameter of ${tool.id} (parameters: ${[...known].join(", ")})` });
    }
  }
  for (const spec of tool.params) {
    const raw = ownValue(input, spec.name);
    if (isAbsent(raw, spec)) {
      if (spec.default !== undefined) {
        values[spec.name] = spec.default;
        if (spec.sendDefault === false) unsent.add(spec.name);
      } else if (spec.required) issues.push(requiredIssue(spec, raw));
      continue;
    }
    const checked = checkValue(spec, raw, tool);
    if ("issue" in checked) issues.push(checked.issue);
    else values[spec.name] = checked.value;
  }
  if (!issues.length) issues.push(...checkRules(tool, values));
  return issues.length ? { ok: false, issues } : { ok: true, values, unsent };
}

// The names of a (immutable) tool's parameters: worked out once per tool, not per call.
const names = new WeakMap<Pick<ToolSpec, "params">, Set<string>>();

function paramNames(tool: Pick<ToolSpec, "params">): Set<string> {
  let known = names.get(tool);
  if (!known) {
    known = new Set(tool.params.map((p) => p.name));
    names.set(tool, known);
  }
  return known;
}

/**
 * Whether a value counts as not given: nothing, null, text that is empty
 * after trimming, or (for a comma list) a list with no items.
 */
export function isAbsent(value: unknown, spec?: Pick<ParamSpec, "wire" | "separator">): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== "string") return false;
  if (value.trim() === "") return true;
  const separator = spec?.separator ?? (spec?.wire.in === "body" ? spec.wire.split?.separator : undefined);
  return separator !== undefined && splitList(value, separator).length === 0;
}

export function requiredIssue(spec: ParamSpec, raw: unknown): Issue {
  const got = raw === "" ? ", got an empty string" : typeof raw === "string" && raw.trim() === "" ? ", got only whitespace" : typeof raw === "string" ? ", got a list with no items" : "";
  return { param: spec.name, rule: "required", message: `${spec.name}: is required${spec.secret ? "" : got}` };
}

/** A value as it may appear in an error: secrets never, long values shortened. */
export function show(spec: Pick<ParamSpec, "secret"> | undefined, value: unknown): string {
  if (spec?.secret) return "(secret value withheld)";
  const text = typeof value === "string" ? JSON.stringify(value) : value === undefined ? "nothing" : safeJson(value);
  const kind = Array.isArray(value) ? "array " : value === null ? "" : typeof value === "object" ? "object " : "";
  return kind + (text.length > 120 ? `${text.slice(0, 100)}… (${text.length} characters)` : text);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export type Checked = { value: unknown } | { issue: Issue };

function problem(spec: ParamSpec, rule: string, text: string, value: unknown): Checked {
  return { issue: { param: spec.name, rule, message: `${spec.name}: ${text}, got ${show(spec, value)}` } };
}

/**
 * Check and normalise one given (non-empty) value against its parameter's
 * rules; `tool` tells where else (routes) the value may be placed.
 */
export function checkValue(spec: ParamSpec, raw: unknown, tool?: Pick<ToolSpec, "routes" | "auth">): Checked {
  switch (spec.type) {
    case "string":
      return typeof raw === "string" ? checkString(spec, raw, tool) : problem(spec, "type", "must be a string", raw);
    case "number": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n)) return problem(spec, "type", "must be a number", raw);
      return checkNumber(spec, n);
    }
    case "boolean":
      if (typeof raw === "boolean") return { value: raw };
      if (raw === "true" || raw === "false") return { value: raw === "true" };
      return problem(spec, "type", "must be a boolean (true or false)", raw);
    case "json":
      return checkJson(spec, raw);
    case "file": {
      const checked = fileValue(spec, raw);
      // Kept as given: call/file-inputs.ts opens it (a path, an address) when the call is sent.
      return "issue" in checked ? checked : { value: raw };
    }
  }
}

function checkNumber(spec: ParamSpec, n: number): Checked {
  if (spec.integer && !Number.isInteger(n)) return problem(spec, "integer", "must be an integer", n);
  if (spec.minimum !== undefined && n < spec.minimum) return problem(spec, "minimum", `must be at least ${spec.minimum}${range(spec)}`, n);
  if (spec.maximum !== undefined && n > spec.maximum) return problem(spec, "maximum", `must be at most ${spec.maximum}${range(spec)}`, n);
  if (spec.enum && !spec.enum.includes(n)) return problem(spec, "enum", `must be one of ${spec.enum.join(", ")}`, n);
  return { value: n };
}

function range(spec: ParamSpec): string {
  return spec.minimum !== undefined && spec.maximum !== undefined ? ` (allowed: ${spec.minimum}–${spec.maximum})` : "";
}

// Header values are Latin-1 without control characters (a CR/LF would split the header).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const NOT_HEADER_SAFE = /[\u0000-\u0008\u000a-\u001f\u007f]|[^\u0000-\u00ff]/u;
// A header value loses leading and trailing spaces and tabs on the way (fetch trims them).
const HEADER_TRIMMED = /^[ \t]|[ \t]$/;
// Half of a surrogate pair: no encoding (URL, JSON sent as UTF-8) can carry it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// Placements are a property of the (immutable) tool definition: worked out once per parameter and tool.
const placed = new WeakMap<ParamSpec, WeakMap<object, Set<string>> | Set<string>>();

/** Where a parameter's value can end up on the wire, routes included. */
function placements(spec: ParamSpec, tool: Pick<ToolSpec, "routes" | "auth"> | undefined): Set<string> {
  if (!tool) {
    let known = placed.get(spec);
    if (!(known instanceof Set)) placed.set(spec, (known = computePlacements(spec, undefined)));
    return known;
  }
  let byTool = placed.get(spec);
  if (!(byTool instanceof WeakMap)) placed.set(spec, (byTool = new WeakMap()));
  let known = byTool.get(tool);
  if (!known) byTool.set(tool, (known = computePlacements(spec, tool)));
  return known;
}

function computePlacements(spec: ParamSpec, tool: Pick<ToolSpec, "routes" | "auth"> | undefined): Set<string> {
  const places = new Set<string>([spec.wire.in]);
  for (const route of tool?.routes ?? []) {
    const wire = route.wire[spec.name];
    if (wire) places.add(wire.in);
  }
  // An OAuth flow's parameter (a client secret, a PEM private key) goes only into a token request's form: not a header.
  // A credential's parameter goes where its scheme puts it (a basic credential's user and secret, base64 in a header; a cookie, in a header).
  if (spec.wire.in === "auth") {
    const credential = tool ? credentialOfParam(tool.auth, spec.name) : undefined;
    if (!tool) places.add("header");
    else if (credential) places.add(credential.type === "query" ? "query" : "header");
  }
  return places;
}

function checkString(spec: ParamSpec, s: string, tool?: Pick<ToolSpec, "routes" | "auth">): Checked {
  const places = placements(spec, tool);
  if (spec.secret && !isSecretLength(s)) return problem(spec, "minLength", `must be at least ${SECRET_MIN_LENGTH} characters long`, s);
  if (LONE_SURROGATE.test(s)) return problem(spec, "characters", "must be well-formed Unicode text (it contains half of a surrogate pair, which no request can carry)", s);
  const formOnly = spec.wire.in === "auth" && tool !== undefined && !credentialOfParam(tool.auth, spec.name);
  if (((spec.secret && !formOnly) || places.has("header")) && NOT_HEADER_SAFE.test(s)) {
    return problem(spec, "characters", `must not contain line breaks or other control characters, nor characters outside Latin-1 (it is sent in ${places.has("query") ? "the address" : "an HTTP header"})`, s);
  }
  if (spec.wire.in === "auth" && tool && s.includes(":")) {
    const credential = credentialOfParam(tool.auth, spec.name);
    if (credential?.type === "basic" && credential.user === spec.name) return problem(spec, "characters", `must not contain ":" (HTTP basic puts it between the user id and the password)`, s);
  }
  if ((places.has("header") || spec.wire.in === "auth") && HEADER_TRIMMED.test(s)) {
    return problem(spec, "characters", `must not start or end with a space or tab (${places.has("header") ? "an HTTP header drops them, so the value sent would differ" : "a credential never does: check for a stray space"})`, s);
  }
  if (places.has("path") && (s === "." || s === "..")) {
    return problem(spec, "pathSegment", `must not be "." or ".." (it is a segment of the request path, and would address another resource)`, s);
  }
  let value = s;
  if (spec.separator !== undefined) {
    // A list in one string: each item is checked as a value of its own, and the list sent as items joined by the separator.
    const items: string[] = [];
    for (const item of splitList(s, spec.separator)) {
      const checked = checkItem(spec, item);
      if ("issue" in checked) return problem(spec, checked.issue.rule, `each item (separated by "${spec.separator}") must be ${checked.issue.message}, and ${JSON.stringify(item)} is not`, s);
      items.push(checked.value);
    }
    value = items.join(spec.separator);
  } else {
    const checked = checkItem(spec, s);
    if ("issue" in checked) return problem(spec, checked.issue.rule, `must be ${checked.issue.message}`, s);
    value = checked.value;
  }
  const length = [...value].length;
  if (spec.minLength !== undefined && length < spec.minLength) return problem(spec, "minLength", `must be at least ${spec.minLength} characters long`, s);
  if (spec.maxLength !== undefined && length > spec.maxLength) return problem(spec, "maxLength", `must be at most ${spec.maxLength} characters long (it has ${length})`, s);
  if (spec.format === "base-url") return checkBaseUrl(spec, value);
  if (spec.wire.in === "body" && spec.wire.split?.maxItems !== undefined) {
    const items = splitList(value, spec.wire.split.separator);
    if (items.length > spec.wire.split.maxItems) {
      return problem(spec, "maxItems", `must list at most ${spec.wire.split.maxItems} items separated by "${spec.wire.split.separator}" (it lists ${items.length})`, s);
    }
  }
  return { value };
}

/**
 * One value's enum, pattern and format (a whole string, or an item of a
 * list): the value in its canonical spelling, or the rule broken and what
 * the value must be.
 */
function checkItem(spec: ParamSpec, s: string): { value: string } | { issue: { rule: string; message: string } } {
  let value = s;
  if (spec.enum) {
    const match = spec.caseInsensitive ? spec.enum.find((v) => String(v).toLowerCase() === s.toLowerCase()) : spec.enum.find((v) => v === s);
    if (match === undefined) return { issue: { rule: "enum", message: `one of ${spec.enum.join(", ")}${spec.caseInsensitive ? " (any case)" : ""}` } };
    value = String(match);
  }
  // The length is checked before the pattern (a long value is refused for its length) except in a list, where the pattern is the item's.
  if (spec.separator === undefined) {
    const length = [...value].length;
    if ((spec.minLength !== undefined && length < spec.minLength) || (spec.maxLength !== undefined && length > spec.maxLength)) return { value };
  }
  if (spec.pattern !== undefined && !compiled(spec.pattern).test(value)) return { issue: { rule: "pattern", message: `${spec.patternHint ?? "a value"} matching ${spec.pattern}` } };
  if (isValueFormat(spec.format) && !matchesFormat(spec.format, value)) return { issue: { rule: "format", message: VALUE_FORMATS[spec.format] } };
  return { value };
}

const patterns = new Map<string, RegExp>();

/** A pattern compiled once (patterns come from generated tools: a small, fixed set). */
export function compiled(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    re = new RegExp(pattern, "u");
    patterns.set(pattern, re);
  }
  return re;
}

/** `"a, b,,c"` → `["a", "b", "c"]`. */
export function splitList(value: string, separator: string): string[] {
  return value
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The rules every base address follows, whether a parameter (instanceUrl) or
 * the baseUrl option: https (http only for loopback), scheme and host only,
 * no credentials, query or fragment. Returns the origin, or the problem.
 */
export function checkAddress(text: string): { origin: string } | { problem: string; withhold?: boolean } {
  // A pure function of the text, called on every call with the same few addresses: remembered.
  let known = checkedAddresses.get(text);
  if (!known) {
    if (checkedAddresses.size >= 64) checkedAddresses.clear();
    known = parseAddress(text);
    checkedAddresses.set(text, known);
  }
  return known;
}

const checkedAddresses = new Map<string, { origin: string } | { problem: string; withhold?: boolean }>();

function parseAddress(text: string): { origin: string } | { problem: string; withhold?: boolean } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: "must be an absolute address such as https://api.example.com" };
  }
  if (url.username || url.password) return { problem: "must not contain credentials", withhold: true };
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.test(url.hostname))) {
    return { problem: "must use https (http is allowed only for loopback hosts)" };
  }
  if (url.search || url.hash || text.includes("?") || text.includes("#")) return { problem: "must not contain a query or fragment" };
  if (url.pathname.replace(/\/+$/, "") !== "") return { problem: "must be scheme and host only, without a path" };
  return { origin: url.origin };
}

function checkBaseUrl(spec: ParamSpec, s: string): Checked {
  const checked = checkAddress(s);
  if ("origin" in checked) return { value: checked.origin };
  return checked.withhold ? problem(spec, "format", checked.problem, "(address with credentials withheld)") : problem(spec, "format", checked.problem, s);
}

function checkJson(spec: ParamSpec, raw: unknown): Checked {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch (e) {
      return problem(spec, "json", `must be valid JSON (${(e as Error).message})`, raw);
    }
  }
  const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  if (spec.jsonType && kind !== spec.jsonType) return problem(spec, "jsonType", `must be a JSON ${spec.jsonType}, not ${kind === "object" ? "an object" : `a ${kind}`}`, raw);
  if (!spec.jsonType && kind !== "object" && kind !== "array") return problem(spec, "jsonType", "must be a JSON object or array", raw);
  if (spec.forbiddenKeys && kind === "object") {
    const { keys, caseInsensitive, hint } = spec.forbiddenKeys;
    const refused = Object.keys(value as object).find((k) => keys.some((f) => (caseInsensitive ? f.toLowerCase() === k.toLowerCase() : f === k)));
    if (refused !== undefined) {
      return {
        issue: {
          param: spec.name,
          rule: "forbiddenKeys",
          message: `${spec.name}: must not contain ${keys.map((k) => JSON.stringify(k)).join(" or ")}${caseInsensitive ? " (in any case)" : ""}${hint ? `: ${hint}` : ""}, got key ${JSON.stringify(refused)}`,
        },
      };
    }
  }
  if (kind === "array") {
    const count = (value as unknown[]).length;
    if (spec.minItems !== undefined && count < spec.minItems) return problem(spec, "minItems", `must hold at least ${spec.minItems} item${spec.minItems === 1 ? "" : "s"} (it holds ${count})`, raw);
    if (spec.maxItems !== undefined && count > spec.maxItems) return problem(spec, "maxItems", `must hold at most ${spec.maxItems} item${spec.maxItems === 1 ? "" : "s"} (it holds ${count})`, raw);
  }
  const broken = brokenText(value, "");
  if (broken)
    return { issue: { param: spec.name, rule: "characters", message: `${spec.name}${broken.where}: must be well-formed Unicode text (it contains half of a surrogate pair, which no request can carry), got ${show(spec, broken.text)}` } };
  const nested = kind === "object" ? objectProblem(spec, value as Record<string, unknown>) : kind === "array" ? arrayProblem(spec, value as unknown[]) : undefined;
  if (nested) return { issue: { param: spec.name, rule: nested.rule, message: `${spec.name}${nested.where}: ${nested.text}, got ${show(spec, nested.value)}` } };
  return { value };
}

/** The first key or string inside a JSON value with half of a surrogate pair (no wire form carries it), and where it is. */
function brokenText(value: unknown, where: string): { where: string; text: string } | undefined {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? { where, text: value } : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = brokenText(value[i], `${where}[${i}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return { where: `${where} key`, text: key };
      const found = brokenText(item, `${where}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

type NestedProblem = { where: string; rule: string; text: string; value: unknown };

function objectProblem(spec: ParamSpec, value: Record<string, unknown>): NestedProblem | undefined {
  if (!spec.keys && !spec.values) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const where = `[${JSON.stringify(key)}]`;
    const keyProblem = spec.keys && nestedProblem(spec.keys, key);
    if (keyProblem) return { where, rule: keyProblem.rule, text: `the key ${keyProblem.text}`, value: key };
    const valueProblem = spec.values && nestedProblem(spec.values, item);
    if (valueProblem) return { where, ...valueProblem, value: item };
  }
  return undefined;
}

function arrayProblem(spec: ParamSpec, value: unknown[]): NestedProblem | undefined {
  if (!spec.items) return undefined;
  for (const [i, item] of value.entries()) {
    const found = nestedProblem(spec.items, item);
    if (found) return { where: `[${i}]`, ...found, value: item };
  }
  return undefined;
}

/** The rule a value inside a JSON parameter breaks, if it breaks one. */
function nestedProblem(limits: NestedLimits, value: unknown): { rule: string; text: string } | undefined {
  const type = limits.type;
  if (type === "string" && typeof value !== "string") return { rule: "type", text: "must be a string" };
  if ((type === "number" || type === "integer") && typeof value !== "number") return { rule: "type", text: `must be a number` };
  if (type === "integer" && !Number.isInteger(value)) return { rule: "integer", text: "must be an integer" };
  if (type === "boolean" && typeof value !== "boolean") return { rule: "type", text: "must be true or false" };
  // Enum values may be objects or lists (`{}` for "an empty object only"): compared as JSON, shown as JSON.
  if (limits.enum && !limits.enum.some((allowed) => sameJson(allowed, value))) return { rule: "enum", text: `must be one of ${limits.enum.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ")}` };
  if (typeof value === "number") {
    if (limits.minimum !== undefined && value < limits.minimum) return { rule: "minimum", text: `must be at least ${limits.minimum}` };
    if (limits.maximum !== undefined && value > limits.maximum) return { rule: "maximum", text: `must be at most ${limits.maximum}` };
  }
  if (typeof value === "string") {
    const length = [...value].length;
    if (limits.minLength !== undefined && length < limits.minLength) return { rule: "minLength", text: `must be at least ${limits.minLength} characters long` };
    if (limits.maxLength !== undefined && length > limits.maxLength) return { rule: "maxLength", text: `must be at most ${limits.maxLength} characters long (it has ${length})` };
    if (limits.pattern !== undefined && !compiled(limits.pattern).test(value)) return { rule: "pattern", text: `must match ${limits.pattern}` };
    if (limits.format !== undefined && !matchesFormat(limits.format, value)) return { rule: "format", text: `must be ${VALUE_FORMATS[limits.format]}` };
  }
  return undefined;
}

/** Whether two JSON values are equal: the same scalar, or lists and objects of equal members (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
