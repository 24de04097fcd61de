// Invalid inputs for the property cases (kinds/property.ts): a valid input
// (random-inputs.ts) with exactly one rule broken, and the rule named, so a
// case knows which refusal to expect. One function per kind of rule broken; those of the rules across
// parameters in rule-breakers.ts.
import fc from "fast-check";
import { SECRET_MIN_LENGTH, SHORT_SECRET_MIN_LENGTH } from "@blockwright/runtime/internal/generate";
import {
  credentialOfParam,
  encodedCredential,
  instanceAddresses,
  isValueFormat,
  type ParamSpec,
  splitList,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import { admitted } from "../../model/number-bounds.js";
import { notOfFormat } from "../../model/string-values.js";
import { withAddress } from "../call.js";
import { isSigningKey } from "../jwt-keys.js";
import { boundedFilter } from "./bounded-filters.js";
import { type InvalidDraw, multiplesIn, validInput } from "./random-inputs.js";
import { letters, letters8, printable, stringValue } from "./text-draws.js";
import { type Breaks, dotSegmentBreakers } from "./dot-segment-breakers.js";
import { ruleBreakers } from "./rule-breakers.js";
import type { ToolValues } from "./values.js";
import { probesMaxLength } from "./probed-length.js";
import { callerMustGive } from "../../model/param-keys.js";

/** A valid input with exactly one rule broken. */
export function invalidInput(tool: ToolSpec, values: ToolValues, address: string): fc.Arbitrary<InvalidDraw> {
  const base = validInput(tool, values, address);
  const breakers: fc.Arbitrary<InvalidDraw>[] = [];
  const set: Breaks = (p, value, rule, broken, shown = true) =>
    breakers.push(
      fc.tuple(base, value).map(([input, v]) => ({
        input: { ...input, [p]: v },
        broken: `${p}: ${broken}`,
        param: p,
        rule: [rule].flat(),
        ...(shown ? { value: v } : {}),
      })),
    );

  // A case gives its mock's address as the call's base, which stands for the variables of the address template's host
  // (a tenant's `{accountName}`, instance-address.ts): none is then required, and leaving one out breaks nothing.
  const asCalled = tool.server.param === undefined ? instanceAddresses.givenAddress(tool).params : tool.params;
  const standIn = (p: ParamSpec) => p.required && asCalled.find((c) => c.name === p.name)?.required === false;
  for (const p of tool.params) paramBreakers(tool, standIn(p) ? { ...p, required: false } : p, set);

  // A parameter the tool does not have.
  const known = new Set(tool.params.map((p) => p.name));
  breakers.push(
    fc
      .tuple(
        base,
        letters.filter((n) => !known.has(n)),
        letters,
      )
      .map(([input, name, v]) => ({
        input: { ...input, [name]: v },
        broken: `${name}: not a parameter`,
        param: name,
        rule: ["unknown"],
      })),
  );

  breakers.push(...ruleBreakers(tool, values, base));
  // The server address is given by the case (withAddress fills it only when absent).
  return fc
    .oneof(...breakers)
    .map((draw) =>
      tool.server.param && !Object.hasOwn(draw.input, tool.server.param)
        ? { ...draw, input: withAddress(tool, draw.input, address) }
        : draw,
    );
}

/** The draws that break one rule of parameter `p`, by its type. */
function paramBreakers(tool: ToolSpec, p: ParamSpec, set: Breaks): void {
  const places = new Set([p.wire.in, ...tool.routes.flatMap((r) => r.wire[p.name]?.in ?? [])]);
  if (callerMustGive(p)) set(p.name, fc.constantFrom(undefined, "", "   "), "required", "left out or blank", false);
  switch (p.type) {
    case "number":
      return numberBreakers(p, set);
    case "boolean": {
      // The other of the two, where its enum leaves one out: as itself and as its text.
      const outside = [true, false].find((v) => p.enum && !p.enum.includes(v));
      if (outside !== undefined) set(p.name, fc.constantFrom(outside, String(outside)), "enum", "not its enum's value");
      return set(p.name, fc.constantFrom("yes", 1, "TRUE", {}), "type", "not a boolean");
    }
    case "json":
      return jsonBreakers(p, set);
    case "string":
      return stringBreakers(tool, p, places, set);
  }
}

function numberBreakers(p: ParamSpec, set: Breaks): void {
  // Past 2^53 one step is no longer a number apart: below -2^63 is not drawn, it is a value.
  if (p.minimum !== undefined)
    set(
      p.name,
      Number.isSafeInteger(Math.ceil(p.minimum) - 1_000_000)
        ? fc.integer({ min: Math.ceil(p.minimum) - 1_000_000, max: Math.ceil(p.minimum) - 1 })
        : fc.constant(p.minimum < 0 ? p.minimum * 2 : p.minimum / 2),
      // Past 2^53 an integer is refused as one a number cannot hold (the runtime's integer rule) before its bound.
      p.integer && !Number.isSafeInteger(Math.ceil(p.minimum) - 1_000_000) ? "integer" : "minimum",
      `below ${p.minimum}`,
    );
  if (p.maximum !== undefined)
    set(
      p.name,
      Number.isSafeInteger(Math.floor(p.maximum) + 1_000_000)
        ? fc.integer({ min: Math.floor(p.maximum) + 1, max: Math.floor(p.maximum) + 1_000_000 })
        : fc.constant(p.maximum > 0 ? p.maximum * 2 : p.maximum / 2),
      p.integer && !Number.isSafeInteger(Math.floor(p.maximum) + 1_000_000) ? "integer" : "maximum",
      `above ${p.maximum}`,
    );
  // A number's exclusive bound: the bound itself, or a whole number a step or more past it.
  for (const [bound, side, sign] of [
    [p.exclusiveMinimum, "exclusiveMinimum", -1],
    [p.exclusiveMaximum, "exclusiveMaximum", 1],
  ] as const) {
    if (bound === undefined) continue;
    const near = sign < 0 ? Math.floor(bound) : Math.ceil(bound);
    const past = near + sign * 1_000_000;
    const beyond = Number.isSafeInteger(past)
      ? [fc.integer(sign < 0 ? { min: past, max: near } : { min: near, max: past })]
      : [];
    set(p.name, fc.oneof(fc.constant(bound), ...beyond), side, `${sign < 0 ? "at or below" : "at or above"} ${bound}`);
  }
  const lo = Math.max(Math.ceil(p.minimum ?? -1000), -(2 ** 31));
  const hi = Math.min(Math.floor(p.maximum ?? 1000), 2 ** 31);
  if (p.integer && hi > lo)
    set(
      p.name,
      fc.integer({ min: lo, max: hi - 1 }).map((n) => n + 0.5),
      "integer",
      "not an integer",
    );
  // A value within the bounds that is not a multiple: an integer one apart from a multiple (a fraction would break
  // integer first).
  const step = p.multipleOf;
  if (step !== undefined && !(p.integer && step <= 1)) {
    const off = p.integer ? 1 : step / 2;
    const { least, greatest } = admitted(p);
    const within = multiplesIn(
      Math.max(least ?? -1000, -(2 ** 31)),
      Math.min((greatest ?? 1000) - off, 2 ** 31),
      step,
      false,
    );
    if (within)
      set(
        p.name,
        within.map((m) => m + off),
        "multipleOf",
        `not a multiple of ${step}`,
      );
  }
  set(p.name, fc.constantFrom("many", true, {}, [1], "12abc"), "type", "not a number");
}

function jsonBreakers(p: ParamSpec, set: Breaks): void {
  // A value of several forms: what one form refuses another may take; no single broken rule to name.
  if (p.anyOf) return;
  set(p.name, fc.constantFrom("{not json", '{"a":', "'x'"), "json", "not JSON");
  set(
    p.name,
    p.jsonType === "array"
      ? fc.constantFrom({}, "{}", 5, '"x"')
      : p.jsonType === "object"
        ? fc.constantFrom([], "[1]", 5, '"x"', true)
        : fc.constantFrom(5, '"x"', true),
    "jsonType",
    `not a JSON ${p.jsonType ?? "object or array"}`,
  );
  dotSegmentBreakers(p, new Set([p.wire.in]), set);
}

function stringBreakers(tool: ToolSpec, p: ParamSpec, places: Set<string>, set: Breaks): void {
  if (p.format === "base-url") {
    set(
      p.name,
      fc.constantFrom(
        "ftp://example.com",
        "http://example.com",
        "https://example.com#top",
        "https://example.com?x=1",
        "not an address",
      ),
      "format",
      "not a base address",
    );
    return;
  }
  set(p.name, fc.constantFrom(42, true, {}, ["a"]), "type", "not a string");
  if (isValueFormat(p.format) && !p.enum)
    set(
      p.name,
      fc.constant(notOfFormat(p.format, p)),
      p.pattern ? ["format", "pattern"] : "format",
      `not of format ${p.format}`,
    );
  if (p.secret)
    set(
      p.name,
      // Under the secret's floor: SECRET_MIN_LENGTH, or its lower bound down to SHORT_SECRET_MIN_LENGTH (a PIN).
      fc.string({ unit: fc.constantFrom(..."abcdefgh"), minLength: 1, maxLength: secretFloor(p.minLength) - 1 }),
      "minLength",
      "shorter than a credential can be",
      false,
    );
  characterBreakers(tool, p, places, set);
  dotSegmentBreakers(p, places, set);
  if (p.enum) {
    const taken = new Set(p.enum.map((v) => (p.caseInsensitive ? String(v).toLowerCase() : String(v))));
    set(
      p.name,
      letters.filter((s) => !taken.has(p.caseInsensitive ? s.toLowerCase() : s)),
      "enum",
      "not one of its values",
    );
    return;
  }
  lengthBreakers(p, places, set);
}

/**
 * Characters a value cannot carry where it goes: a header's line breaks and leading space, half of a surrogate pair
 * anywhere.
 */
function characterBreakers(tool: ToolSpec, p: ParamSpec, places: Set<string>, set: Breaks): void {
  // An OAuth flow's parameter goes only into a token request's form (validate-params.ts): line breaks are fine there.
  // So does a private key signing each request's JWT, which goes nowhere (auth.signedJwt).
  const formOnly = p.wire.in === "auth" && (!credentialOfParam(tool.auth, p.name) || isSigningKey(tool, p.name));
  // A credential sent encoded (HTTP basic's base64 of UTF-8, a query key or cookie percent-encoded) carries any text
  // but control characters; one a header carries as its own text, ASCII only (http/credentials.ts).
  const encoded = p.wire.in === "auth" && encodedCredential(tool.auth, p.name);
  // A secret of a body (a sign-in's password) goes as UTF-8, any text: only a header of its own is held to Latin-1.
  if ((p.secret && !formOnly && p.wire.in !== "body") || places.has("header"))
    set(
      p.name,
      fc
        .tuple(letters8, fc.constantFrom("\n", "\r", "\u0000", "\u007f", ...(encoded ? [] : ["é中"])))
        .map(([s, c]) => `${s}${c}${s}`),
      "characters",
      "a character headers cannot carry",
      !p.secret,
    );
  if (places.has("header") || (p.wire.in === "auth" && !isSigningKey(tool, p.name)))
    set(
      p.name,
      fc.tuple(letters8, fc.constantFrom(" ", "\t")).map(([s, c]) => `${c}${s}`),
      "characters",
      "a leading space a header would drop",
      !p.secret,
    );
  set(
    p.name,
    letters8.map((s) => `${s}\ud800`),
    "characters",
    "half of a surrogate pair",
    !p.secret,
  );
}

/** A string's lengths, its pattern and a split list's items. */
function lengthBreakers(p: ParamSpec, places: Set<string>, set: Breaks): void {
  if (probesMaxLength(p.maxLength) && !p.secret) {
    const maxLength = p.maxLength;
    const separator = p.separator;
    // A list in one string whose items have rules of their own (a pattern, an enum, a format): items they take,
    // repeated past the whole's length; a run of x's broke an item's rule as well as the length.
    const long =
      separator !== undefined && (p.pattern !== undefined || p.enum !== undefined || p.format !== undefined)
        ? stringValue({ ...p, separator: undefined, maxLength: undefined }).map((item) => {
            const items = [item];
            while (items.join(separator).length <= maxLength) items.push(item);
            return items.join(separator);
          })
        : fc.integer({ min: maxLength + 1, max: maxLength + 50 }).map((n) => "x".repeat(n));
    set(p.name, long, "maxLength", `longer than ${maxLength}`);
  }
  const minLength = p.minLength ?? 0;
  if (minLength > 1 && !p.secret)
    set(
      p.name,
      fc.integer({ min: 1, max: minLength - 1 }).map((n) => "x".repeat(n)),
      "minLength",
      `shorter than ${p.minLength}`,
    );
  if (p.pattern) {
    const re = new RegExp(p.pattern, "u");
    // A secret's draws start at its floor (a PIN's, a one-time code's: under a password's), as the runtime holds it.
    const min = Math.max(p.minLength ?? 1, p.secret ? secretFloor(p.minLength) : 1);
    const max = p.maxLength ?? 64;
    // A pattern every string within the lengths matches (`.+`) cannot be broken: no such draw.
    // A list in one string breaks its pattern where an item does (the runtime checks each, split and trimmed).
    const breaks = (s: string) =>
      p.separator === undefined ? !re.test(s) : splitList(s, p.separator).some((item) => !re.test(item));
    const breaking = boundedFilter(
      fc.string({ unit: printable, minLength: min, maxLength: Math.min(max, min + 30) }),
      (s) => breaks(s) && s.trim() !== "" && s.trim() === s && (!places.has("path") || (s !== "." && s !== "..")),
    );
    if (breaking) set(p.name, breaking, "pattern", `not matching ${p.pattern}`);
  }
  if (p.wire.in === "body" && p.wire.split?.maxItems !== undefined) {
    const max = p.wire.split.maxItems;
    set(
      p.name,
      fc
        .integer({ min: max + 1, max: max + 10 })
        .map((n) =>
          Array.from({ length: n }, (_, i) => `item${i}`).join(
            p.wire.in === "body" && p.wire.split ? p.wire.split.separator : ",",
          ),
        ),
      "maxItems",
      `more than ${max} items`,
    );
  }
}

/** The shortest a secret may be (string-check.ts's floor). */
function secretFloor(minLength: number | undefined): number {
  return minLength !== undefined && minLength < SECRET_MIN_LENGTH
    ? Math.max(minLength, SHORT_SECRET_MIN_LENGTH)
    : SECRET_MIN_LENGTH;
}
