// What the spec requires of a request is always supplied: every required
// path, query and header parameter, the request body when required, and the
// required fields of every body object the manifest writes into. What the
// credential covers (auth.ts) is supplied by it, where it is sent: an operation
// that takes no credential (`security: []`) sends its own.
import type { ParamSpec, WireConstant, WireSpec } from "@blockwright/runtime/internal";
import { formatPointer, parsePointer } from "@blockwright/runtime/internal/generate";
import { slotKey, type OpenApiOperation } from "../../load/openapi-document.js";
import { requiredInRequest } from "../../load/read-only.js";
import { expressionNames } from "../../load/operation-index.js";
import { isBodyFramingHeader, isIgnoredHeader } from "../../load/ignored-headers.js";
import {
  credentialCovers,
  nestedBodyPlaces,
  credentialBodyPlaces,
  takesNoCredential,
} from "../auth/credential-places.js";
import type { LinkContext, Path } from "../context.js";
import { BODYLESS_METHODS, sentEmptyAsWritten } from "../wire/body.js";
import { fieldsNotSent, objectsSent } from "../wire/query-fields.js";

/**
 * Whether the operation may be called with or without a credential: its security lists an empty requirement beside
 * others (`[{}, {key: []}]`, OpenAPI's "authentication is optional").
 */
export function takesOptionalCredential(op: OpenApiOperation): boolean {
  const requirements = op.requirements ?? [];
  return requirements.some((r) => r.length === 0) && requirements.some((r) => r.length > 0);
}

/**
 * Whether a declared path parameter is one its path never names (no `{name}` in the document's key): no request
 * carries it, so none supplies it, and a manifest placing it is refused (wire.ts).
 */
function unnamedByPath(op: OpenApiOperation, declared: { in: string; name: string }): boolean {
  return declared.in === "path" && !expressionNames(String(op.location[1])).includes(declared.name);
}

export function checkCoverage(
  ctx: LinkContext,
  at: Path,
  op: OpenApiOperation,
  params: ParamSpec[],
  constants: WireConstant[],
  idempotencyHeader?: string,
): void {
  const named = new Set<string>();
  // The idempotency key's header (idempotency.header) is written by the runtime on each call that carries one.
  if (idempotencyHeader !== undefined) named.add(slotKey("header", idempotencyHeader));
  const pointers: string[] = [];
  const add = (w: WireSpec | WireConstant) => {
    if (w.in === "path" || w.in === "query" || w.in === "header" || w.in === "cookie") named.add(slotKey(w.in, w.name));
    if (w.in === "body") pointers.push(w.pointer);
  };
  for (const p of params) {
    add(p.wire);
    if (p.wire.in === "switch") p.wire.whenTrue.forEach(add);
  }
  constants.forEach(add);
  // The credential's places inside body objects (auth.alsoSends paths): sent by it on every call that carries it.
  const byCredential = takesNoCredential(op) ? [] : nestedBodyPlaces(ctx, op);
  pointers.push(...byCredential);
  // An object query parameter whose fields are sent one by one (query-fields.ts) is sent, with the fields it requires.
  for (const object of objectsSent(params)) named.add(slotKey("query", object));
  for (const missing of fieldsNotSent(ctx, op, params))
    ctx.fail(
      "BW2010",
      at,
      `${ctx.openapiName} requires field "${missing.field}" of query parameter "${missing.name}" for "` +
        `${op.operationId}", but no parameter supplies it`,
    );
  // The credential covers nothing where it is not sent: such an operation's key or token is its own parameter.
  const anonymous = takesNoCredential(op);
  const covered = anonymous ? () => false : credentialCovers(ctx.manifest.auth, ctx.doc.securitySchemes);
  for (const declared of op.parameters) {
    const key = slotKey(declared.in, declared.name);
    if (
      !anonymous &&
      ctx.manifest.auth.covers?.includes(declared.name) &&
      params.some((p) => (p.wire.in === "header" || p.wire.in === "query") && slotKey(p.wire.in, p.wire.name) === key)
    ) {
      ctx.fail(
        "BW2012",
        at,
        `${declared.in} parameter "${declared.name}" of "${op.operationId}" is the credential's ` +
          `(auth.covers): the credential parameter "${ctx.manifest.auth.param}" stands for it, ` +
          `no other parameter may send it`,
      );
    }
    // Accept, Content-Type and Authorization header parameters are ignored (OpenAPI 3.x): the runtime writes them.
    // Content-Length and Content-Encoding: the body's framing, which the call writes from the body it sends.
    const ignored = isIgnoredHeader(declared) || isBodyFramingHeader(declared) || unnamedByPath(op, declared);
    if ((declared.required || declared.in === "path") && !named.has(key) && !covered(declared) && !ignored) {
      ctx.fail(
        "BW2010",
        at,
        `${ctx.openapiName} requires ${declared.in} parameter "${declared.name}" for "${op.operationId}", ` +
          `but no parameter or constant supplies it`,
      );
    }
  }
  const body = op.requestBody;
  // A body of no field a request carries (each readOnly) goes as `{}` (linkBody): nothing to place in it.
  // The credential written at the body's top level (auth.alsoSends) places something in it too.
  const keyed = body?.required && !anonymous && credentialBodyPlaces(ctx, op).length > 0;
  if (body?.required && pointers.length === 0 && !keyed && !sentEmptyAsWritten(ctx, op)) {
    // A GET or HEAD cannot carry the body at all: said, so that nobody places a parameter there (link/wire/body.ts).
    ctx.fail(
      "BW2010",
      at,
      BODYLESS_METHODS.has(op.method)
        ? `${ctx.openapiName} requires a request body for "${op.operationId}", which no call can send: fetch ` +
            `refuses a ${op.method} request with a body before it leaves; leave the operation out of the manifest`
        : `${ctx.openapiName} requires a request body for "${op.operationId}", but no parameter or constant is ` +
            `placed in it`,
    );
  }
  if (body && pointers.length && !pointers.includes(""))
    checkBodyFields(ctx, at, op, params, [...constants, ...byCredential.map(pointerConstant)], pointers, covered);
}

/** A pointer the credential is written at, as checkBodyFields counts what is always supplied (a constant's). */
const pointerConstant = (pointer: string): WireConstant => ({ in: "body", pointer, value: "" });

/**
 * The required fields of every body object the manifest writes into (`pointers`): each supplied, and always (by a
 * constant, a required parameter or a default that is sent), or its optional parameter told to be required.
 */
function checkBodyFields(
  ctx: LinkContext,
  at: Path,
  op: OpenApiOperation,
  params: ParamSpec[],
  constants: WireConstant[],
  pointers: readonly string[],
  covered: ReturnType<typeof credentialCovers>,
): void {
  const body = op.requestBody;
  if (!body) return;
  const objects = new Set<string>([""]);
  for (const p of pointers) {
    const segs = parsePointer(p);
    for (let i = 1; i < segs.length; i++) objects.add(formatPointer(segs.slice(0, i)));
  }
  for (const objectPointer of objects) {
    // An object a parameter or constant gives whole (a JSON parameter, the credential written inside it: a key in an
    // object beside other fields), or one inside such a value, has its fields from that value, checked against its
    // schema when given.
    if (objectPointer !== "" && pointers.some((p) => p === objectPointer || objectPointer.startsWith(`${p}/`)))
      continue;
    const schema = ctx.doc.schemaAt(body.schema, parsePointer(objectPointer));
    // A readOnly field is the server's: a request never carries it, required or not (OpenAPI 3).
    const required = schema ? requiredInRequest(ctx.doc, schema) : [];
    for (const field of required) {
      const fieldPointer = `${objectPointer}/${field}`;
      if (objectPointer === "" && covered({ in: "body", name: field })) continue;
      if (!pointers.some((p) => p === fieldPointer || p.startsWith(fieldPointer + "/"))) {
        ctx.fail(
          "BW2010",
          at,
          `${ctx.openapiName} requires body field "${fieldPointer}" for "${op.operationId}", ` +
            `but no parameter or constant supplies it`,
        );
        continue;
      }
      // Supplied — but always? A constant, a required parameter or a default that is sent always is.
      const always =
        constants.some(
          (c) => c.in === "body" && (c.pointer === fieldPointer || c.pointer.startsWith(fieldPointer + "/")),
        ) ||
        params.some(
          (p) =>
            p.wire.in === "body" &&
            (p.wire.pointer === fieldPointer || p.wire.pointer.startsWith(fieldPointer + "/")) &&
            (p.required || (p.default !== undefined && p.sendDefault !== false)),
        );
      if (always) continue;
      for (const p of params.filter((x) => x.wire.in === "body" && x.wire.pointer === fieldPointer)) {
        const where: Path =
          ctx.manifest.params && Object.hasOwn(ctx.manifest.params, p.name)
            ? ["params", p.name]
            : ["operations", String(at[1]), "params", p.name];
        ctx.fail(
          "BW2010",
          where,
          `${ctx.openapiName} requires body field "${fieldPointer}" for "${op.operationId}", ` +
            `so "${p.name}" must be required: true or have a default that is sent (the request would go out ` +
            `without it)`,
        );
      }
    }
  }
}
