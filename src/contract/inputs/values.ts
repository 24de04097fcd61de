// Values for a tool's parameters, built from what the specs say: a typed example when the manifest gives one, the
// OpenAPI document's examples at the parameter's wire location (request examples, parameter and schema examples), the
// manifest's placeholder, and last a value made from the parameter's own rules (a whole XML document: xml-values.ts).
// Every value used passes the parameter's rules, and the inputs assembled from them pass the tool's cross-field rules.
// What the document says at a parameter's place: document-places.ts, its candidates there spec-candidates.ts, its
// schema's check of a JSON value spec-checks.ts; the rules an input meets: cross-field-rules.ts.
import {
  checkValue,
  wayParams,
  isAbsent,
  oauthParams,
  type ParamSpec,
  type ToolSpec,
} from "@blockwright/runtime/internal";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { patternOfLength } from "../../model/pattern-of-length.js";
import { ofFormatAndLength, stretchings } from "../../model/string-values.js";
import { isAddressParam } from "./address-params.js";
import {
  CREDENTIAL,
  asWireCarries,
  secretStandIns,
  sendsNothing,
  unsentAsGiven,
  withoutForbiddenKeys,
} from "./sendable-values.js";
import { madeAtPlace } from "./made-at-place.js";
import { reachesConcretePath } from "./concrete-paths.js";
import { madeQueryFieldValues, madeRequestBodies } from "./made-body.js";
import { type BodyBranches, bodyBranches, meetBodyBranch } from "./body-branches.js";
import { meetValueBranch, type ValueBranches, valueBranches } from "./value-selected-branches.js";
import { contractPrivateKey, jwtWay } from "../jwt-keys.js";
import { meetRule } from "./cross-field-rules.js";
import { noLoneValueReason, rawOperation, requestExamplesRaw, requestMedia } from "./document-places.js";
import { bodyValueOf, type Candidate, specCandidates } from "./spec-candidates.js";
import { documentCheck, spreadFields, structuredInside } from "./spec-checks.js";
import { placeholderValue, synthesized } from "./rule-values.js";
import { madeXmlDocuments } from "./xml-values.js";

export { placeholderValue } from "./rule-values.js";

export { CREDENTIAL } from "./sendable-values.js";

export type Input = Record<string, unknown>;

/** A request example of the spec, read back into the tool's parameters. */
export interface RequestExample {
  name: string;
  input: Input;
  /** Parameters whose value the example supplied, with that value as the wire carries it. */
  taken: { param: string; wire: unknown }[];
}

const cache = new WeakMap<ToolSpec, ToolValues>();
/** The values of a tool, worked out once for all the cases derived from it. */
export function valuesOf(tool: ToolSpec, doc: OpenApiDocument): ToolValues {
  let values = cache.get(tool);
  if (!values || values.doc !== doc) cache.set(tool, (values = new ToolValues(tool, doc)));
  return values;
}

/** Everything the derived cases need to know about one tool's values. */
export class ToolValues {
  readonly op: OpenApiOperation;
  /** The body's shapes, told apart by the fields given (body-branches.ts) or by one's value (value-selected-…). */
  readonly bodyShapes: BodyBranches | undefined;
  readonly valueShapes: ValueBranches | undefined;
  private readonly examples = new Map<string, Candidate | undefined>();
  private readonly candidateLists = new Map<string, Candidate[]>();

  constructor(
    readonly tool: ToolSpec,
    readonly doc: OpenApiDocument,
  ) {
    const op = doc.operations.get(tool.operationId);
    if (!op) throw new Error(`${tool.id}: operation ${tool.operationId} is not in the OpenAPI document`);
    this.op = op;
    this.bodyShapes = bodyBranches(tool, doc, op);
    this.valueShapes = valueBranches(tool, doc, op);
  }

  param(name: string): ParamSpec {
    const p = this.tool.params.find((x) => x.name === name);
    if (!p) throw new Error(`${this.tool.id} has no parameter ${name}`);
    return p;
  }

  /**
   * Whether `value` passes the parameter's own rules (and is a value at all);
   * a JSON value, the schema the document places there too (in the body, or the parameter's own).
   */
  accepts(param: ParamSpec, value: unknown): boolean {
    if (value === undefined || isAbsent(value, param)) return false;
    if (unsentAsGiven(param, value, this.tool, () => this.spreadFields(param), this.doc)) return false;
    if (reachesConcretePath(this.doc, this.op, param, value)) return false;
    const checked = checkValue(param, value, this.tool);
    if ("issue" in checked) return false;
    return this.specCheck(param)?.(checked.value) ?? true;
  }

  private readonly spread = new Map<string, Set<string> | undefined>();
  private spreadFields(param: ParamSpec): Set<string> | undefined {
    if (!this.spread.has(param.name)) this.spread.set(param.name, spreadFields(this.doc, this.op, param));
    return this.spread.get(param.name);
  }

  /**
   * Whether the document's schema of a JSON parameter's value is checked too (it has a place in the request schema).
   */
  checksInside(param: ParamSpec): boolean {
    return this.specCheck(param) !== undefined;
  }

  private readonly specChecks = new Map<string, ((value: unknown) => boolean) | undefined>();

  private specCheck(param: ParamSpec): ((value: unknown) => boolean) | undefined {
    if (!this.specChecks.has(param.name))
      this.specChecks.set(
        param.name,
        // The credential as the suite gives it (its own parameter's first value that passes its rules).
        documentCheck(this.tool, this.doc, this.op, param, () => {
          const given = this.example(this.tool.auth.param)?.value;
          return typeof given === "string" ? given : undefined;
        }),
      );
    return this.specChecks.get(param.name);
  }

  /** Candidate values, best first (not yet checked against the parameter's rules). */
  candidates(param: ParamSpec): Candidate[] {
    let found = this.candidateLists.get(param.name);
    if (!found) this.candidateLists.set(param.name, (found = this.findCandidates(param)));
    return found;
  }

  private findCandidates(param: ParamSpec): Candidate[] {
    const out: Candidate[] = [];
    const typed = (param as ParamSpec & { example?: unknown }).example;
    const credential = param.wire.in === "auth" && param.name === this.tool.auth.param;
    // The other secrets of a credential (a combination's second key, an alternative's token, another operation's key
    // where operations authenticate differently) and an operation's own (a token in its body, whose example may be a
    // value another parameter takes, an id's, withheld from every message showing that one): their own stand-ins,
    // before their example. Not an OAuth flow's.
    const own = !credential && param.secret && (param.wire.in !== "auth" || !oauthParams(this.tool).has(param.name));
    if (own) out.push(...secretStandIns(param).map((value) => ({ value, source: "contract credential" })));
    // A private key that signs each request's JWT (auth.signedJwt): a real one, made for the run, whatever the example.
    const jwt = credential ? jwtWay(this.tool, {}) : undefined;
    if (jwt) out.push({ value: contractPrivateKey(jwt.alg), source: "contract credential" });
    if (typed !== undefined) out.push({ value: typed, source: "example" });
    if (credential)
      out.push(...secretStandIns(param, CREDENTIAL).map((value) => ({ value, source: "contract credential" })));
    // A file's examples in the document (`example: report.pdf` on a binary field) are its name, or a word on it, not
    // its bytes: as a value they would be a path the suite cannot read, or an address it must not fetch. Its own is
    // made.
    if (param.type !== "file") out.push(...specCandidates(this.tool, this.doc, this.op, param));
    const placeholder = placeholderValue(param);
    if (placeholder !== undefined) out.push({ value: placeholder, source: "placeholder" });
    // A JSON value the spec gives no valid example of: one made from the request schema (valid against it, however many
    // unions it nests) before the bare `[]` or `{}`, which the schema may refuse (a list of at least one message, an
    // object with required fields).
    if (param.type === "json" && param.wire.in === "body" && !out.some((c) => this.accepts(param, c.value))) {
      for (const made of this.madeBodies()) {
        const value = this.bodyValueOf(param, made);
        if (value !== undefined)
          out.push({ value: withoutForbiddenKeys(param, value), source: "made from the request schema" });
      }
    }
    // A field of an object query parameter (`filter[ids]`, a list of IDs or slugs): one made from its schema.
    const of = param.wire.in === "query" ? param.wire.of : undefined;
    if (param.type === "json" && of && !out.some((c) => this.accepts(param, c.value)))
      for (const value of madeQueryFieldValues(this.doc, this.op, of.name, of.field))
        out.push({ value, source: "made from the parameter's schema" });
    // None yet: made from the schema at its own place (a parameter's; a field no whole body was made for), sending
    // something (an empty list or object in the address or a header is no value).
    if (param.type === "json" && !out.some((c) => this.accepts(param, c.value)))
      for (const value of madeAtPlace(this.doc, this.op, param))
        if (!sendsNothing(value))
          out.push({ value: withoutForbiddenKeys(param, value), source: "made from its schema" });
    if (param.default !== undefined) out.push({ value: param.default, source: "default" });
    const made = [...madeXmlDocuments(this.tool, param), ...synthesized(param)];
    out.push(...made.map((value) => ({ value, source: "made from its rules" })));
    return asWireCarries(param, this.tool, out);
  }

  /** The first candidate that passes the parameter's rules. */
  example(name: string): Candidate | undefined {
    if (!this.examples.has(name)) {
      const param = this.param(name);
      this.examples.set(
        name,
        isAddressParam(this.tool, param) ? undefined : this.candidates(param).find((c) => this.accepts(param, c.value)),
      );
    }
    return this.examples.get(name);
  }

  /**
   * A parameter every input gives: the required ones, and the credential (optional when OAuth 2 flows may stand in for
   * it; a flow's parameters are not given).
   */
  private alwaysGiven(p: ParamSpec): boolean {
    return (p.required || wayParams(this.tool.auth).includes(p.name)) && !isAddressParam(this.tool, p);
  }

  /** Required parameters only (plus what the rules need). */
  minimal(): Input {
    const input: Input = {};
    for (const p of this.tool.params) {
      if (this.alwaysGiven(p)) input[p.name] = this.exampleOrThrow(p.name);
    }
    return this.satisfyOrThrow(input, []);
  }

  /** Every parameter that has a value (switches on), rules kept; of a body of several shapes, one shape's (`shape`). */
  full(shape?: number): Input {
    const input: Input = {};
    const flowParams = oauthParams(this.tool);
    for (const p of this.tool.params) {
      // A flow's parameters would send a token request (the oauth cases test flows, on a token endpoint of their own).
      if (isAddressParam(this.tool, p) || flowParams.has(p.name)) continue;
      // A value every input gives that none can be made for: the case could not run (said why), not a call without it.
      const c =
        p.wire.in === "switch"
          ? { value: true }
          : this.alwaysGiven(p)
            ? { value: this.exampleOrThrow(p.name) }
            : this.example(p.name);
      if (c) input[p.name] = c.value;
    }
    return this.satisfyOrThrow(input, [], shape);
  }

  /** The minimal input with `overrides` pinned, other parameters adjusted so the rules hold. */
  with(overrides: Input, base: Input = this.minimal()): Input | undefined {
    const input = { ...base, ...overrides };
    for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete input[k];
    return this.satisfy(input, Object.keys(overrides));
  }

  /**
   * Adjust `input` so that every cross-field rule (and the body's shapes) holds, never touching the `pinned` params:
   * add a missing alternative, drop extra ones, pick a selector that allows a pinned value. Undefined if none can.
   */
  satisfy(input: Input, pinned: string[], shape?: number): Input | undefined {
    const out = { ...input };
    const has = (n: string) => out[n] !== undefined;
    const isPinned = (n: string) => pinned.includes(n);
    const group = { out, has, isPinned, example: (n: string) => this.example(n) };
    // A body of several shapes: the fields of one (never leaving out a pinned or required parameter).
    const kept = (n: string) => isPinned(n) || this.tool.params.some((p) => p.name === n && this.alwaysGiven(p));
    for (let pass = 0; pass < 4; pass++) {
      let changed = false;
      for (const rule of this.tool.rules) {
        const result = meetRule(rule, group, this.tool.params);
        if (result === "impossible") return undefined;
        changed ||= result === "changed";
      }
      const shaped = [this.bodyShapes ? meetBodyBranch(this.bodyShapes, group, kept, shape) : "ok"];
      shaped.push(this.valueShapes ? meetValueBranch(this.valueShapes, group) : "ok");
      if (shaped.includes("impossible")) return undefined;
      if (!changed && shaped.every((s) => s === "ok")) return out;
    }
    return undefined;
  }

  /**
   * A value of exactly `length` characters for a string parameter that passes
   * all its rules, made by stretching or cutting its example; with `anyRules`
   * false, only the length matters (a value one step past a limit).
   */
  ofLength(name: string, length: number, anyRules = false): string | undefined {
    const param = this.param(name);
    const ofFormat = param.format === undefined ? undefined : ofFormatAndLength(param.format, length);
    if (ofFormat !== undefined && (anyRules || this.accepts(param, ofFormat))) return ofFormat;
    const seeds = [
      String(this.example(name)?.value ?? "x"),
      ...this.candidates(param).map((c) => String(c.value)),
      "x",
    ];
    for (const candidate of stretchings(seeds, length, !anyRules && param.pattern !== undefined)) {
      if ([...candidate].length !== length) continue;
      if (anyRules || this.accepts(param, candidate)) return candidate;
    }
    // A length only every bounded part of the pattern at its longest gives: built from the pattern's tree.
    const built = param.pattern === undefined || anyRules ? undefined : patternOfLength(param.pattern, length);
    return built !== undefined && this.accepts(param, built) ? built : undefined;
  }

  /** Each request-body example of the spec, read back into parameters. */
  requestExamples(): RequestExample[] {
    return requestExamplesRaw(this.doc, this.op).map((ex) => this.readBack(ex.name, ex.body));
  }

  /** Where a parameter's value sits in a request body, for a body-placed parameter (spec-candidates.ts). */
  bodyValueOf(param: ParamSpec, body: unknown): unknown {
    return bodyValueOf(this.tool, this.doc, this.op, param, body);
  }

  private readBack(name: string, body: unknown): RequestExample {
    const input: Input = {};
    const taken: RequestExample["taken"] = [];
    for (const p of this.tool.params) {
      if (p.wire.in !== "body") continue;
      const wire = this.bodyValueOf(p, body);
      if (wire === undefined) continue;
      // A file field's value in an example is its name or a word on it ("string($binary)"), not its bytes: the
      // suite's own file stands in, as in every other input (findCandidates), and is not compared with the example.
      if (p.type === "file") {
        const own = this.example(p.name);
        if (own) input[p.name] = own.value;
        continue;
      }
      const value = p.wire.split && Array.isArray(wire) ? wire.join(`${p.wire.split.separator} `) : wire;
      if (!this.accepts(p, value)) continue;
      input[p.name] = value;
      taken.push({ param: p.name, wire });
    }
    for (const p of this.tool.params) {
      if (this.alwaysGiven(p) && input[p.name] === undefined) input[p.name] = this.exampleOrThrow(p.name);
    }
    const satisfied =
      this.satisfy(
        input,
        taken.map((t) => t.param),
      ) ?? this.satisfyOrThrow(input, []);
    return { name, input: satisfied, taken: taken.filter((t) => satisfied[t.param] === input[t.param]) };
  }

  private exampleOrThrow(name: string): unknown {
    const c = this.example(name);
    if (!c)
      throw new Error(
        `${this.tool.id}: no value of parameter ${name} passes its own rules (tried: ${this.candidates(this.param(name))
          .map((x) => x.source)
          .join(", ")})${noLoneValueReason(this.doc, this.op, this.param(name))}`,
      );
    return c.value;
  }

  private satisfyOrThrow(input: Input, pinned: string[], shape?: number): Input {
    const out = this.satisfy(input, pinned, shape);
    if (!out) throw new Error(`${this.tool.id}: no combination of example values satisfies its rules`);
    return out;
  }

  /** Whether the spec gives a JSON parameter's items or values as objects or lists, or it as a union (spec-checks). */
  structuredInside(param: ParamSpec): boolean {
    return structuredInside(this.doc, this.op, param);
  }

  private made: unknown[] | undefined;

  /** Request bodies made from the operation's JSON request schema (other union branches in each), once. */
  private madeBodies(): unknown[] {
    this.made ??= madeRequestBodies(
      this.doc,
      this.op,
      rawOperation(this.doc, this.op).requestBody as Schema | undefined,
      requestMedia(this.doc, this.op),
    );
    return this.made;
  }
}
