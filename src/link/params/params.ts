// Parameters (`params`, shared and per operation): type, required, default,
// limits, secret, visibility, placeholder, example; each placed on the wire
// (wire.ts). A default, an example and a placeholder must pass the
// parameter's own rules, as the runtime checks a caller's value.
import { isCredentialParam } from "../auth/auth.js";
import type { ParamBranch, ParamSpec, WireSpec } from "@blockwright/runtime/internal";
import {
  checkValue,
  cloneJson,
  isAbsent,
  linkValueProblem,
  SECRET_MIN_LENGTH,
  SHORT_SECRET_MIN_LENGTH,
  textAfter,
  textBefore,
} from "@blockwright/runtime/internal/generate";
import { canonical } from "../../common/canonical-json.js";
import type { ManifestOperation, ManifestParam, ManifestWire } from "../../load/precompiled/manifest-types.js";
import { titleFromName } from "../../model/naming.js";
import { placeholderValue } from "../../model/placeholder-value.js";
import type { OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { encodedAsJson } from "../wire/body.js";
import type { Report, ToolEntry, ToolSurfaceContext } from "../../model/surface-entry.js";
import { callerMustGive, copyParamKeys } from "../../model/param-keys.js";
import { deprecationNote } from "../deprecated/deprecation-note.js";
import type { ParamSurface } from "../../model/surface-format.js";
import { regexProblem, type LinkContext, type Path } from "../context.js";
import { diffParamLimits, PARAM_LIMIT_CHANGES, type ParamLimitChange } from "../param-limits/param-limit-changes.js";
import { checkOwnLimitsOnce } from "../param-limits/own-limits.js";
import { boundLength, checkSatisfiable, type LinkedParam, paramAtPlace } from "../param-limits/param-limits.js";
import { placeParam, wireText } from "../wire/wire.js";
import { type OwnLimit, ownLimits, saidByOwnLimits } from "./value-limits.js";
import { nameFieldParams, refuseNamedFields, refuseSecondOtherFields } from "../wire/other-fields.js";
import { formSpecs } from "../param-branches/param-branches.js";
import { linkNullable } from "../null-values/null-values.js";
import {
  besideShape,
  REQUEST_FIELD_CHANGES,
  requestParamShape,
  requestShapeChanges,
  type RequestFieldChange,
} from "../wire/request-shape.js";
import { COPIED } from "./copied-keys.js";
import { partHeaderWires } from "../part-headers/part-headers.js";

/**
 * Link the operation's parameters (shared ones first) against `op`. A
 * route links the same parameters against its own operation, with some
 * placements overridden (`route.overrides`, declared at `route.at`).
 */
export function linkParams(
  ctx: LinkContext,
  id: string,
  mop: ManifestOperation,
  op: OpenApiOperation,
  route?: { overrides: Record<string, ManifestWire>; at: Path },
): ParamSpec[] {
  const shared = ctx.manifest.params ?? {};
  const own = mop.params ?? {};
  const out: ParamSpec[] = [];
  if (!route) {
    for (const name of Object.keys(own)) {
      if (Object.hasOwn(shared, name))
        ctx.fail("BW2011", ["operations", id, "params", name], `parameter "${name}" is already a shared parameter`);
    }
  } else {
    for (const name of Object.keys(route.overrides)) {
      if (!Object.hasOwn(own, name) && !Object.hasOwn(shared, name))
        ctx.fail("BW2001", [...route.at, name], `unknown parameter "${name}"`);
    }
  }
  const entries: [string, ManifestParam, Path][] = [
    ...Object.entries(shared).map(([n, p]): [string, ManifestParam, Path] => [n, p, ["params", n]]),
    ...Object.entries(own).map(([n, p]): [string, ManifestParam, Path] => [n, p, ["operations", id, "params", n]]),
  ];
  // A parameter a part header names goes there alone (part-headers.ts).
  const parts = partHeaderWires(mop);
  for (const [name, p, at] of entries) {
    const override = route?.overrides[name];
    const spec =
      route && override
        ? linkParam(ctx, name, { ...p, wire: override }, at, op, [...route.at, name])
        : linkParam(ctx, name, p, at, op, undefined, parts.get(name));
    if (spec) out.push(spec);
  }
  const kept = refuseSecondOtherFields(ctx, out);
  nameFieldParams(kept);
  return kept;
}

function linkParam(
  ctx: LinkContext,
  name: string,
  declared: ManifestParam,
  at: Path,
  op: OpenApiOperation,
  wireAt: Path = [...at, "wire"],
  partWire?: WireSpec,
): ParamSpec | undefined {
  if (declared.secret && declared.visibility === "user-or-llm")
    ctx.fail("BW2012", [...at, "visibility"], `a secret parameter must be user-only`, "value");
  // A credential's user id (HTTP basic) or a key sent with it is the connection's, never a model's to choose.
  const credential = isCredentialParam(ctx, name);
  if (credential && declared.visibility === "user-or-llm")
    ctx.fail("BW2012", [...at, "visibility"], `a credential's parameter (auth) must be user-only`, "value");
  checkOwnLimitsOnce(ctx, declared, at);
  const placed = placeParam(ctx, name, declared, at, op, wireAt, partWire);
  if (!placed) return undefined;
  const { wire, place, named } = placed;
  // The parameter as linked at its place: with the schema's facts there, and checked against it.
  // A body object's other fields are an object's, whether or not the manifest says so (other-fields.ts).
  const held = wire.in === "body" && wire.otherFields ? { ...declared, jsonType: "object" as const } : declared;
  const p: LinkedParam = place ? paramAtPlace(ctx, held, at, place) : held;
  const spec: ParamSpec = {
    name,
    type: p.type,
    title: p.title ?? titleFromName(name),
    description: p.description,
    required: Boolean(p.required),
    secret: Boolean(p.secret),
    visibility: p.visibility ?? (p.secret || credential ? "user-only" : "user-or-llm"),
    wire,
  };
  ctx.wireAt.set(spec, wireAt);
  linkNullable(ctx, p, spec, place, at);
  for (const key of COPIED) {
    if (p[key] !== undefined) (spec as unknown as Record<string, unknown>)[key] = cloneJson(p[key]);
  }
  if (named) refuseNamedFields(spec, named);
  if (p.forbiddenKeys && (p.type !== "json" || p.jsonType !== "object"))
    ctx.fail("BW2004", [...at, "forbiddenKeys"], `forbiddenKeys applies to json parameters with jsonType: object`);
  // A secret is a text, or a list of texts whose every item is withheld (runtime/common/secret-texts.ts): no other
  // value has a text to withhold.
  if (spec.secret && spec.type !== "string" && !(spec.jsonType === "array" && spec.items?.type === "string"))
    ctx.fail(
      "BW2012",
      [...at, "secret"],
      "a secret parameter must be a text or a list of texts (type: json, jsonType: array, its items strings), " +
        `not ${kindOf(spec)}`,
      "value",
    );
  // The runtime refuses shorter credentials; say so wherever limits are shown. A document's lower bound (a PIN's 4) is
  // kept down to SHORT_SECRET_MIN_LENGTH: the runtime withholds such a secret as a whole value (redact.ts).
  if (spec.secret && spec.type === "string")
    spec.minLength =
      spec.minLength !== undefined
        ? Math.max(spec.minLength, SHORT_SECRET_MIN_LENGTH)
        : (spec.maxLength ?? SECRET_MIN_LENGTH) < SECRET_MIN_LENGTH
          ? SHORT_SECRET_MIN_LENGTH
          : SECRET_MIN_LENGTH;
  boundLength(ctx, spec, at);
  // Each form of a value of several forms, as a parameter: a string one sent in the address or a header is bounded too.
  formSpecs(spec).forEach((form, i) => {
    boundLength(ctx, form, [...at, "anyOf", i]);
    const branch = spec.anyOf?.[i];
    if (branch && form.maxLength !== undefined && branch.type === "string") branch.maxLength = form.maxLength;
  });
  requireListItems(spec, op);
  if (p.pattern === undefined || !regexProblem(p.pattern)) checkGivenValues(ctx, name, p, spec, at, op.path);
  return spec;
}

/** A parameter's kind as a refusal names it: `number`, `json (object)`, `json (array of number)`. */
function kindOf(spec: ParamSpec): string {
  if (spec.type !== "json") return spec.type;
  const items = spec.jsonType === "array" ? ` of ${spec.items?.type ?? "any value"}` : "";
  return `json (${spec.jsonType ?? "any value"}${items})`;
}

/**
 * A required list has no empty form in the address, a header, or a form or multipart body: it takes one item at least
 * (and in the address or a header, each item one character at least).
 */
function requireListItems(spec: ParamSpec, op: OpenApiOperation): void {
  // A required list sent in the address or a header has no empty form there: nothing would go out (nor for an
  // item that is the empty text), and the upstream would miss a parameter it requires. So it takes one item at
  // least, each of one character at least (a text's rule: a number's or a flag's is untouched), refused before any
  // request.
  // So does a list that is one form of the value (`anyOf: [string, array]`): `[""]` sent `domains=`.
  const held = <T extends ParamSpec | ParamBranch>(b: T): T =>
    b.type === "json" && b.jsonType === "array"
      ? {
          ...b,
          minItems: Math.max(1, b.minItems ?? 0),
          items: { ...b.items, minLength: Math.max(1, b.items?.minLength ?? 0) },
        }
      : b;
  if (spec.required && ["query", "path", "header"].includes(spec.wire.in)) {
    // the document's `minItems: 0` too: an empty list still sends nothing
    Object.assign(spec, held(spec));
    if (spec.anyOf) spec.anyOf = spec.anyOf.map(held);
  }
  // Nor has it one in a form or multipart body (Mailgun's required `to`): an empty list sends no field at all.
  const formBody = op.requestBody?.encoding === "form" || op.requestBody?.encoding === "multipart";
  if (!spec.required || spec.wire.in !== "body" || !formBody) return;
  if (spec.type === "json" && spec.jsonType === "array" && (spec.minItems ?? 0) < 1) spec.minItems = 1;
  // A field that may be a list or another kind: its list's form too, a list going a pair (a part) per item; unless the
  // document encodes it as JSON, where it goes whole and `[]` is a value (link/wire/body.ts).
  if (spec.anyOf && !wholeJson(op, spec.wire.pointer))
    spec.anyOf = spec.anyOf.map((b) =>
      b.type === "json" && b.jsonType === "array" && (b.minItems ?? 0) < 1 ? { ...b, minItems: 1 } : b,
    );
}

/** Whether the body field a pointer names is encoded by a JSON contentType alone (no style), so it goes as one text. */
function wholeJson(op: OpenApiOperation, pointer: string | undefined): boolean {
  const name = pointer?.split("/")[1]?.replace(/~1/g, "/").replace(/~0/g, "~");
  const fields = op.requestBody?.fields ?? {};
  const field = name !== undefined && Object.hasOwn(fields, name) ? fields[name] : undefined;
  return field !== undefined && encodedAsJson(field);
}

/**
 * The values the manifest gives the parameter (its default, example and placeholder), each held to the parameter's
 * own rules as the runtime checks a value; the example kept when it passes.
 */
function checkGivenValues(
  ctx: LinkContext,
  name: string,
  p: ManifestParam,
  spec: ParamSpec,
  at: Path,
  path: string,
): void {
  const valueIssue = (s: ParamSpec, value: unknown) => placedValueIssue(s, value, path);
  // The runtime applies a default without checking it, and takes an example as a caller's value:
  // both must pass the parameter's own rules, checked as the runtime checks a value.
  if (p.default !== undefined) {
    const problem = defaultTypeProblem(spec, p.default) ?? valueIssue(spec, p.default);
    if (problem)
      ctx.fail(
        "BW2009",
        [...at, "default"],
        `default ${JSON.stringify(p.default)} breaks the parameter's rules: ${problem}`,
        "value",
      );
  }
  if (p.example !== undefined) {
    const problem = isAbsent(p.example, spec) ? `${name}: is empty` : valueIssue(spec, p.example);
    if (problem)
      ctx.fail(
        "BW2009",
        [...at, "example"],
        `example ${JSON.stringify(p.example)} breaks the parameter's rules: ${problem}`,
        "value",
      );
    else spec.example = cloneJson(p.example);
  }
  // The derived suite calls with the placeholder read as the parameter's type (not for an instance address, which no
  // call sends); where the rules themselves admit no value, that is the problem to report.
  const satisfiable = checkSatisfiable(ctx, spec, at);
  if (satisfiable && p.placeholder !== undefined && spec.wire.in !== "server") {
    const value = placeholderValue(spec);
    const problem =
      value === undefined
        ? `it is not a ${spec.type}${spec.type === "json" ? " (not valid JSON)" : ""}`
        : valueIssue(spec, value);
    if (problem)
      ctx.fail(
        "BW2009",
        [...at, "placeholder"],
        `placeholder ${JSON.stringify(p.placeholder)} breaks the parameter's rules: ${problem}`,
        "value",
      );
  }
}

/**
 * The runtime's message for a value the parameter refuses, if it does; a link's (`multiSegment` reserved, as-given)
 * as the operation's path places it (a "?" refused where the path goes on after it: the runtime's string check).
 */
function placedValueIssue(spec: ParamSpec, value: unknown, path: string): string | undefined {
  const checked = checkValue(spec, value);
  if ("issue" in checked) return checked.issue.message;
  const w = spec.wire;
  if (w.in !== "path" || typeof value !== "string" || (w.multiSegment !== "reserved" && w.multiSegment !== "as-given"))
    return undefined;
  const problem = linkValueProblem(value, w.multiSegment, textAfter(path, w.name), textBefore(path, w.name));
  return problem ? `${spec.name}: ${problem}` : undefined;
}

/**
 * A default is written as its type: the runtime would read a caller's "10"
 * as a number, but it sends a default as it is written.
 */
function defaultTypeProblem(spec: ParamSpec, value: unknown): string | undefined {
  if (spec.type === "json" || typeof value === spec.type) return undefined;
  return `${spec.name}: must be a ${spec.type}, written as one (not as text), got ${JSON.stringify(value)}`;
}

// ---- in the surface ------------------------------------------------------------

type ParamChange =
  | ParamLimitChange
  | RequestFieldChange
  | "removed"
  | "addedRequired"
  | "addedOptional"
  | "typeChanged"
  | "madeRequired"
  | "madeOptional"
  | "defaultChanged"
  | "madeSecret"
  | "noLongerSecret"
  | "madeUserOnly"
  | "openedToModels"
  | "exampleChanged"
  | "wireChanged"
  | "textChanged"
  | "deprecated"
  | "reactivated";

/**
 * What a caller may pass: a parameter removed, newly required, retyped or given another default breaks calls; wire and
 * text are patches.
 */
export const paramsSurface: ToolEntry<Record<string, ParamSurface>, ParamChange> = {
  scope: "tool",
  subject: "params",
  legacy: true,
  changes: {
    removed: { level: "breaking", rule: "parameter removed" },
    addedRequired: { level: "breaking", rule: "new required parameter" },
    addedOptional: { level: "minor", rule: "new optional parameter" },
    typeChanged: { level: "breaking", rule: "parameter type changed" },
    madeRequired: { level: "breaking", rule: "parameter made required" },
    madeOptional: { level: "minor", rule: "parameter made optional" },
    defaultChanged: { level: "breaking", rule: "default changed" },
    madeSecret: { level: "breaking", rule: "parameter made secret" },
    noLongerSecret: { level: "minor", rule: "parameter no longer secret" },
    madeUserOnly: { level: "breaking", rule: "visibility changed" },
    openedToModels: { level: "minor", rule: "visibility changed" },
    exampleChanged: { level: "patch", rule: "example changed" },
    wireChanged: { level: "patch", rule: "wire placement changed" },
    textChanged: { level: "patch", rule: "text changed" },
    deprecated: { level: "minor", rule: "parameter deprecated (still accepted)" },
    reactivated: { level: "minor", rule: "parameter no longer deprecated" },
    ...PARAM_LIMIT_CHANGES,
    ...REQUEST_FIELD_CHANGES,
  },
  record: (tool, ctx) => ({
    params: Object.fromEntries(
      tool.params.map((p) => {
        // Set on paramSurface's own fresh object, not spread into another: the same keys in the same order, without a
        // copy of every parameter's record (its spread took a whole published API's surface 3–10 ms, performance.md).
        const shape = requestParamShape(tool, p.name, ctx);
        const deprecated = declaredDeprecation(tool.operationId, p, ctx);
        const surface = paramSurface(p);
        if (shape) surface.shape = shape;
        if (deprecated) surface.deprecated = deprecated;
        return [p.name, surface];
      }),
    ),
  }),
  read: (t) => t.params,
  diff(a = {}, b = {}, report) {
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
      diffParam(`param ${name}`, a[name], b[name], report);
  },
};

function paramSurface(p: ParamSpec): ParamSurface {
  const surface: ParamSurface = {
    type: p.type,
    title: p.title,
    description: p.description,
    required: p.required,
    secret: p.secret,
    visibility: p.visibility,
    wire: wireText(p.wire),
  };
  copyParamKeys(p, surface);
  if (p.wire.in === "body" && p.wire.split) surface.list = { ...p.wire.split };
  if (p.forbiddenKeys) surface.forbiddenKeys = structuredClone(p.forbiddenKeys);
  return surface;
}

/**
 * Whether the document marks where a parameter goes deprecated (the parameter, or the body field), said with its date
 * or replacement.
 */
function declaredDeprecation(operationId: string, p: ParamSpec, ctx: ToolSurfaceContext): string | undefined {
  const w = p.wire;
  const node =
    w.in === "path" || w.in === "query" || w.in === "header" || w.in === "cookie"
      ? ctx.declaredAt?.(operationId, w.in, w.name)
      : w.in === "body" && w.pointer
        ? ctx.declaredAt?.(operationId, "body", w.pointer)
        : undefined;
  if (!node) return undefined;
  const schema = (node.schema ?? {}) as Schema;
  if (node.deprecated !== true && schema.deprecated !== true) return undefined;
  return deprecationNote({ ...schema, ...node }, "still accepted, marked deprecated");
}

function diffParam(
  subject: string,
  a: ParamSurface | undefined,
  b: ParamSurface | undefined,
  report: Report<ParamChange>,
): void {
  if (!b) return report("removed", { subject });
  if (!a) return report(callerMustGive(b) ? "addedRequired" : "addedOptional", { subject });
  if (a.type !== b.type || a.jsonType !== b.jsonType)
    report("typeChanged", { subject, from: a.jsonType ?? a.type, to: b.jsonType ?? b.type });
  // The forms of a value (anyOf) changed: what a call may give changed as a type does.
  else if (canonical(a.anyOf) !== canonical(b.anyOf))
    report("typeChanged", { subject, from: a.anyOf ?? a.type, to: b.anyOf ?? b.type });
  if (!callerMustGive(a) && callerMustGive(b)) report("madeRequired", { subject });
  if (callerMustGive(a) && !callerMustGive(b)) report("madeOptional", { subject });
  if (canonical(a.default) !== canonical(b.default))
    report("defaultChanged", { subject, from: a.default, to: b.default });
  if (!a.secret && b.secret) report("madeSecret", { subject });
  if (a.secret && !b.secret) report("noLongerSecret", { subject });
  if (a.visibility !== b.visibility)
    report(b.visibility === "user-only" ? "madeUserOnly" : "openedToModels", {
      subject,
      from: a.visibility,
      to: b.visibility,
    });
  // Compared field by field only where both surfaces recorded the value's fields (an older one did not); what its
  // limits or its own mark say again of a place there (an item's values, the value deprecated) is said once.
  const shaped = a.shape && b.shape ? requestShapeChanges(subject, a.shape, b.shape) : [];
  const said: OwnLimit[] = [];
  diffParamLimits(subject, a, b, besideShape(shaped, ownLimits(said, report)));
  if (canonical(a.example) !== canonical(b.example))
    report("exampleChanged", { subject, from: a.example, to: b.example });
  if (a.wire !== b.wire) report("wireChanged", { subject, from: a.wire, to: b.wire });
  if (a.title !== b.title || a.description !== b.description) report("textChanged", { subject });
  if (!a.deprecated && b.deprecated) report("deprecated", { subject, what: b.deprecated });
  if (a.deprecated && !b.deprecated) report("reactivated", { subject });
  const ownMark = Boolean(a.deprecated) !== Boolean(b.deprecated);
  for (const c of shaped)
    if (!(ownMark && c.detail.subject === `${subject} (value)` && /^field(Deprecated|Reactivated)$/.test(c.kind)))
      if (!saidByOwnLimits(c, subject, said)) report(c.kind, c.detail);
}
