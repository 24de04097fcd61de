// Wire placement (`wire`): where a parameter's value goes — a path, query or
// header slot the operation declares, a field of its request body, or a
// switch adding constant values when true — checked against the spec's
// schema there. And the rule that a slot of a request carries one value.
import { multiSegmentKind, multiSegmentMarker } from "../../load/operations/multi-segment.js";
import type {
  AuthSpec,
  FormFieldEncoding,
  ParamSpec,
  ValueStyle,
  WireConstant,
  WireSpec,
} from "@blockwright/runtime/internal";
import { authWays, parsePointer } from "@blockwright/runtime/internal/generate";
import type { ManifestParam, ManifestWireBody, ManifestWireNamed } from "../../load/precompiled/manifest-types.js";
import {
  declaredParameter,
  slotKey,
  type OpenApiOperation,
  type OpenApiParameter,
} from "../../load/openapi-document.js";
import { isFlowParam } from "../auth-flows/auth-flows.js";
import { isCredentialParam } from "../auth/auth.js";
import { linkConstant } from "../constants/constants.js";
import { fieldsNear, unionsSearched, type LinkContext, type Path } from "../context.js";
import { expressionNames, fragmentOnlyParams } from "../../load/operation-index.js";
import { isJsonMediaType, typeOf } from "../../load/openapi-document.js";
import { placeQueryField } from "./query-fields.js";
import { placeOtherFields } from "./other-fields.js";
import { withoutCredentialFields } from "./credential-fields.js";
import type { Placed } from "./schema-at-place.js";
import { isServerVariable } from "../server/server-variables.js";

export type { Placed };

/**
 * The placement of parameter `name` in `op`, and the schema there, against
 * which the caller links the parameter (param-limits.ts `paramAtPlace`:
 * `limitsFromSpec` takes the spec's limits at its place). `wireAt`: where the
 * placement is written (a route may override it).
 */
export function placeParam(
  ctx: LinkContext,
  name: string,
  p: ManifestParam,
  at: Path,
  op: OpenApiOperation,
  wireAt: Path,
  // The part header a parameter gives (link/part-headers/part-headers.ts): its one place, where it names no other.
  partWire?: WireSpec,
): Placed | undefined {
  const w = p.wire;
  if (partWire) {
    if (w) return ctx.fail("BW2017", wireAt, `parameter "${name}" is a part header (partHeaders): it goes there alone`);
    if (p.type === "json" || p.type === "file")
      return ctx.fail(
        "BW2004",
        [...at, "type"],
        `a part header's parameter is a text, a number or a boolean, not ${p.type}`,
        "value",
      );
    return { wire: partWire };
  }
  if (!w) {
    if (isCredentialParam(ctx, name) || isFlowParam(ctx, name)) return { wire: { in: "auth" } };
    if (name === ctx.manifest.server.param || isServerVariable(ctx, name)) return { wire: { in: "server" } };
    return ctx.fail(
      "BW2017",
      at,
      `parameter "${name}" has no "wire" placement and is neither a credential (auth) nor the address parameter`,
    );
  }
  if (w.in === "path" || w.in === "query" || w.in === "header" || w.in === "cookie")
    return placeNamed(ctx, name, p, w, at, op, wireAt);
  if (w.in === "body") return placeBodyField(ctx, name, p, w, op, wireAt);
  if (w.in === "switch") {
    if (p.type !== "boolean")
      ctx.fail("BW2004", [...at, "type"], `a switch parameter must be boolean, got ${p.type}`, "value");
    const whenTrue = w.whenTrue
      .map((c, i) => linkConstant(ctx, c, [...wireAt, "whenTrue", i], op))
      .filter((c): c is WireConstant => !!c);
    return { wire: { in: "switch", whenTrue } };
  }
  return undefined;
}

/** A parameter the operation declares in its path, query, headers or cookies: found there, and how it is written. */
function placeNamed(
  ctx: LinkContext,
  name: string,
  p: ManifestParam,
  w: ManifestWireNamed,
  at: Path,
  op: OpenApiOperation,
  wireAt: Path,
): Placed | undefined {
  if (w.field !== undefined) return placeQueryField(ctx, name, p, at, op, wireAt);
  const wireName = w.name ?? name;
  const declared = declaredParameter(op, w.in, wireName);
  if (!declared) {
    const available = op.parameters.filter((x) => x.in === w.in).map((x) => x.name);
    return ctx.fail(
      "BW2003",
      wireAt,
      `${w.in} parameter "${wireName}" not found in operation "${op.operationId}" of ${ctx.openapiName} ` +
        `(its ${w.in} parameters: ${available.join(", ") || "none"})`,
    );
  }
  // Required by the spec: every request carries it, given or by a default that is sent.
  if (
    declared.required &&
    ((!p.required && p.default === undefined) || (p.default !== undefined && p.sendDefault === false))
  ) {
    ctx.fail(
      "BW2010",
      at,
      `${ctx.openapiName} requires ${w.in} parameter "${wireName}"; declare required: true or a default that is sent`,
    );
  }
  const place = { schema: declared.schema, what: `${w.in} parameter "${wireName}"`, text: true };
  if (p.separator !== undefined && typeOf(declared.schema) === "array" && explodes(declared, w.in)) {
    ctx.fail(
      "BW2017",
      [...at, "separator"],
      `${ctx.openapiName} sends ${w.in} parameter "${wireName}" exploded (one value per item), ` +
        `not as one ${JSON.stringify(p.separator)}-separated value: a list in one string cannot be sent so`,
    );
  }
  const escapes = w.escape ? { escape: { ...w.escape } } : {};
  if (w.multiSegment && w.in !== "path")
    ctx.fail(
      "BW2017",
      [...wireAt, "multiSegment"],
      `multiSegment applies to a path parameter, not a ${w.in} one ("${wireName}")`,
    );
  if (w.in === "query") {
    const encoding = queryEncoding(ctx, declared, wireAt, op);
    return { wire: { in: "query", name: wireName, ...escapes, ...(encoding ? { encoding } : {}) }, place };
  }
  if (w.in === "path") checkPathPlacement(ctx, op, w, wireName, declared, wireAt);
  const encoding = valueStyle(ctx, declared, p, w.in, wireAt, op);
  if (w.in === "header" || w.in === "cookie")
    return { wire: { in: w.in, name: wireName, ...escapes, ...(encoding ? { encoding } : {}) }, place };
  return {
    wire: {
      in: "path",
      name: wireName,
      ...escapes,
      ...(encoding ? { encoding } : {}),
      ...(w.multiSegment ? { multiSegment: w.multiSegment } : {}),
    },
    place,
  };
}

/**
 * A path parameter's place: named by the path a request reaches (not only after its "#"), and sent spanning segments
 * where the document marks its value so.
 */
function checkPathPlacement(
  ctx: LinkContext,
  op: OpenApiOperation,
  w: ManifestWireNamed,
  wireName: string,
  declared: NonNullable<ReturnType<typeof declaredParameter>>,
  wireAt: Path,
): void {
  const key = String(op.location[1]);
  // A path parameter whose `{name}` the document's key holds only after "#", in the fragment the request's path leaves
  // out (operation-index.ts requestPath), would never be sent.
  if (fragmentOnlyParams(key).includes(wireName))
    ctx.fail(
      "BW2017",
      wireAt,
      `path parameter "${wireName}" is not in the path a request to operation "${op.operationId}" reaches ` +
        `(${JSON.stringify(op.path)}): the document's path ${JSON.stringify(key)} holds it after ` +
        `"#", in the address's fragment, which no request carries`,
    );
  // A path parameter its path never names (no `{name}` in it; OpenAPI forbids it): no request carries its value.
  if (!fragmentOnlyParams(key).includes(wireName) && !expressionNames(key).includes(wireName))
    ctx.fail(
      "BW2017",
      wireAt,
      `path parameter "${wireName}" of operation "${op.operationId}" is not in its path ${JSON.stringify(key)}, ` +
        `which names no {${wireName}}: OpenAPI requires a path parameter to be named by its path, and no request ` +
        "carries one that is not; leave the parameter out, or write the path with it",
    );
  // A value the document marks as spanning segments (a file path), which the manifest sends as one: each "/" would go
  // as %2F, read by the service as one segment (the judge refuses it too).
  const spans = w.multiSegment ? undefined : multiSegmentMarker(declared, op.path);
  if (spans)
    ctx.fail(
      "BW2017",
      wireAt,
      `path parameter "${wireName}": ${ctx.openapiName} marks its value as spanning path segments (${spans}), so ` +
        `its "/" go as they are; declare wire.multiSegment: ${JSON.stringify(multiSegmentKind(spans))} ` +
        `(as one segment, a "/" goes as %2F, which the service reads as part of one segment)`,
    );
}

/** A parameter sent as a field of the request body (`pointer`): found in the body's schema. */
function placeBodyField(
  ctx: LinkContext,
  name: string,
  p: ManifestParam,
  w: ManifestWireBody,
  op: OpenApiOperation,
  wireAt: Path,
): Placed | undefined {
  const pointer = w.pointer ?? (w.otherFields ? "" : `/${name}`);
  const bodySchema = op.requestBody?.schema;
  if (!bodySchema)
    return ctx.fail(
      "BW2021",
      wireAt,
      `operation "${op.operationId}" of ${ctx.openapiName} has no request body in a media type the runtime ` +
        `writes (application/json, a +json type, or application/x-www-form-urlencoded)`,
    );
  const located = ctx.doc.locate(bodySchema, parsePointer(pointer));
  const target = located.schema;
  if (!target) {
    return ctx.fail(
      "BW2003",
      wireAt,
      `body field "${pointer}" not found in the request body of "${op.operationId}" in ${ctx.openapiName}` +
        `${unionsSearched(located.unions)}${fieldsNear(ctx, bodySchema, [...parsePointer(pointer)])}`,
    );
  }
  if (w.otherFields) return placeOtherFields(ctx, name, p, w, op, wireAt, pointer, target);
  // The schema's facts add limits to the parameter, never change its type.
  if (w.split && p.type !== "string")
    ctx.fail("BW2004", [...wireAt, "split"], `split applies to string parameters, not ${p.type}`);
  if (w.wrapUnlessKey && p.type !== "json")
    ctx.fail("BW2004", [...wireAt, "wrapUnlessKey"], `wrapUnlessKey applies to json parameters, not ${p.type}`);
  return {
    wire: {
      in: "body",
      pointer,
      ...(w.split ? { split: { ...w.split } } : {}),
      ...(w.wrapUnlessKey ? { wrapUnlessKey: w.wrapUnlessKey } : {}),
    },
    place: {
      // A file at the whole of a JSON body offered as raw bytes too (files.ts) is those bytes, not the JSON.
      // Fields inside it the credential is written at are the credential's, not the caller's (credential-fields.ts).
      schema:
        p.type === "file" && pointer === "" && op.requestBody?.raw
          ? { type: "string", format: "binary" }
          : withoutCredentialFields(ctx, op, pointer, target),
      what: `body field "${pointer || "(whole body)"}"`,
      text: op.requestBody?.encoding === "form" || op.requestBody?.encoding === "multipart",
      ...(w.split ? { split: w.split } : {}),
    },
  };
}

const QUERY_STYLES = ["form", "spaceDelimited", "pipeDelimited", "deepObject"] as const;

/**
 * How the spec says a query parameter's array or object is written, when
 * not OpenAPI's default for the query (form, exploded): left out then, so the
 * IR of plain query parameters is unchanged.
 */
function queryEncoding(
  ctx: LinkContext,
  declared: OpenApiParameter,
  wireAt: Path,
  op: OpenApiOperation,
): FormFieldEncoding | undefined {
  const reserved = (declared as { allowReserved?: unknown }).allowReserved === true ? { reserved: true as const } : {};
  // Described by `content: application/json`: the value goes as one JSON text.
  if (declared.content !== undefined)
    return isJsonMediaType(declared.content) ? { style: "form", explode: true, json: true, ...reserved } : undefined;
  const style = declared.style ?? "form";
  if (!(QUERY_STYLES as readonly string[]).includes(style)) {
    ctx.fail(
      "BW2017",
      wireAt,
      `query parameter "${declared.name}" of "${op.operationId}" in ${ctx.openapiName} has style "${style}"; ` +
        `the runtime writes a query value as ${QUERY_STYLES.join(", ")}`,
    );
    return undefined;
  }
  // OpenAPI: explode defaults to true for style form, false otherwise.
  const explode = declared.explode ?? style === "form";
  return style === "form" && explode && !reserved.reserved
    ? undefined
    : { style: style as FormFieldEncoding["style"], explode, ...reserved };
}

const PATH_STYLES = ["simple", "label", "matrix"] as const;

/**
 * How the spec says a path, header or cookie value is written, when not a plain
 * text (left out then, so the IR of plain parameters is unchanged): JSON
 * (described by `content: application/json`), a label or matrix style, or a
 * JSON parameter's array or object in its style (a cookie's `form`, not
 * exploded, writes a list or an object as a header's `simple` does: `a,b`; exploded, as pairs of the Cookie header:
 * `k=a; k=b`, an object's `k1=v1; k2=v2`).
 */
function valueStyle(
  ctx: LinkContext,
  declared: OpenApiParameter,
  param: ManifestParam,
  place: "path" | "header" | "cookie",
  wireAt: Path,
  op: OpenApiOperation,
): ValueStyle | undefined {
  if (declared.content !== undefined)
    return isJsonMediaType(declared.content) ? { style: "simple", explode: false, json: true } : undefined;
  if (place === "cookie") {
    const style = declared.style ?? "form";
    if (style !== "form") {
      ctx.fail(
        "BW2017",
        wireAt,
        `cookie parameter "${declared.name}" of "${op.operationId}" in ${ctx.openapiName} has style "${style}"; ` +
          "a cookie value takes style form",
      );
      return undefined;
    }
    // OpenAPI: explode defaults to true for style form (a list as `k=a; k=b`, an object as its own `k1=v1; k2=v2`).
    return param.type === "json" ? { style: "simple", explode: declared.explode ?? true } : undefined;
  }
  const style = declared.style ?? "simple";
  const allowed: readonly string[] = place === "path" ? PATH_STYLES : ["simple"];
  if (!allowed.includes(style)) {
    ctx.fail(
      "BW2017",
      wireAt,
      `${place} parameter "${declared.name}" of "${op.operationId}" in ${ctx.openapiName} ` +
        `has style "${style}"; a ${place} value takes ${allowed.join(", ")}`,
    );
    return undefined;
  }
  const explode = declared.explode ?? false;
  return style !== "simple" || param.type === "json" ? { style: style as ValueStyle["style"], explode } : undefined;
}

/**
 * Whether an array parameter is sent one value per item (OpenAPI's default for a query's `form` style), not as one
 * comma-separated value.
 */
function explodes(declared: OpenApiParameter, place: string): boolean {
  if (typeof declared.explode === "boolean") return declared.explode;
  const style = typeof declared.style === "string" ? declared.style : place === "query" ? "form" : "simple";
  return style === "form";
}

/**
 * A placement as the surface writes it: `query:$top`, `path:id`, `header:X`, `body:/a/b`, `part:file:X-Sum` (a part's
 * header), `switch`, `auth`, `server`.
 */
export function wireText(wire: WireSpec): string {
  return wire.in === "path" || wire.in === "query" || wire.in === "header" || wire.in === "cookie"
    ? `${wire.in}:${wire.name}`
    : wire.in === "body"
      ? `body:${wire.pointer || "/"}${wire.otherFields ? (wire.pointer ? "/*" : "*") : ""}`
      : wire.in === "part"
        ? `part:${wire.field}:${wire.name}`
        : wire.in;
}

/** Something that sends a value in one path, query or header slot of a request, and where the manifest says so. */
export interface SlotSender {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  /** In words, for the message to the one that comes after it: `parameter "perPage"`. */
  who: string;
  at: Path;
}

/** The slot a placement sends to, if it is a path, query or header slot. */
export function slotSender(w: WireSpec | WireConstant, who: string, at: Path): SlotSender[] {
  return w.in === "path" || w.in === "query" || w.in === "header" || w.in === "cookie"
    ? [{ in: w.in, name: w.name, who, at }]
    : [];
}

/** The slots parameters send to, a switch's values when on included, each at its place in the manifest. */
export function paramSenders(ctx: LinkContext, params: ParamSpec[]): SlotSender[] {
  return params.flatMap((p) => {
    const at = ctx.wireAt.get(p) ?? [];
    const own = slotSender(p.wire, `parameter "${p.name}"`, at);
    if (p.wire.in !== "switch") return own;
    return p.wire.whenTrue.flatMap((c, i) =>
      slotSender(c, `switch parameter "${p.name}" (when true)`, [...at, "whenTrue", i]),
    );
  });
}

/**
 * A slot of a request carries one value: every sender after the first of a
 * slot is refused, at its own place in the manifest (header names match in
 * any case). One check per request covers the credential, the idempotency
 * header, the constants and the parameters (a switch's values included).
 */
/**
 * A body field the credential is written at (auth.alsoSends, the places this operation declares) that a parameter is
 * placed at too: the two wrote one field, and the credential's value won over the one the call gave.
 */
export function checkCredentialBodyFields(ctx: LinkContext, auth: AuthSpec | undefined, params: ParamSpec[]): void {
  const places = auth ? authWays(auth).flatMap((w) => w.alsoSends ?? []) : [];
  const pointers = new Set(places.flatMap((p) => (p.in === "body" ? [p.pointer] : [])));
  if (!pointers.size) return;
  for (const p of params)
    if (p.wire.in === "body" && pointers.has(p.wire.pointer))
      ctx.fail(
        "BW2011",
        ctx.wireAt.get(p) ?? [],
        `body field "${p.wire.pointer}" is already sent by the credential (auth.alsoSends): leave parameter ` +
          `"${p.name}" out, the credential writes it`,
      );
}

export function checkWireSlots(ctx: LinkContext, senders: SlotSender[]): void {
  const taken = new Map<string, SlotSender>();
  for (const s of senders) {
    const key = slotKey(s.in, s.name);
    const first = taken.get(key);
    if (first) ctx.fail("BW2011", s.at, `${s.in} "${s.name}" is already sent by ${first.who}`);
    else taken.set(key, s);
  }
}
