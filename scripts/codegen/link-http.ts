// The link step for a manifest's HTTP-level declarations, beside link.ts:
// the request body's media type and form encoding, provider-wide constant
// headers, the idempotency header, pagination, the error body's details
// and failure tests, rate limits, and the hosts an address parameter may name. Each is checked against the operation in the OpenAPI
// document and turned into its part of the IR.
import {
  fieldOf,
  formatPointer,
  hostPatternProblem,
  matchesHost,
  PAGE_INPUTS,
  parseExpression,
  parsePointer,
  type BodySpec,
  type ErrorSpec,
  type FormFieldEncoding,
  type PageTarget,
  type PaginationSpec,
  type ParamSpec,
  type RateLimitSpec,
  type ValueRef,
  type ValueTest,
  type WireConstant,
} from "@blockwright/runtime";
import type { Manifest, ManifestOperation, ManifestPageTarget, ManifestValueTest } from "./manifest-types.js";
import { declaredParameter, slotKey, typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "./openapi-document.js";

type Path = (string | number)[];

/** What the helpers need from the linker: its error list, the document, its name. */
export interface LinkContext {
  fail(path: Path, message: string, which?: "key" | "value"): undefined;
  doc: OpenApiDocument;
  openapiName: string;
  manifest: Manifest;
}

const FORM_STYLES = ["form", "spaceDelimited", "pipeDelimited", "deepObject"] as const;

/** `errors.details` and `errors.failureWhen`: more of the error body, and failures in a 2xx body. */
export function linkErrorExtras(ctx: LinkContext): Pick<ErrorSpec, "details" | "failureWhen"> {
  const expression = (text: string, at: Path): { expression: string; ref: ValueRef } | undefined => {
    try {
      return { expression: text, ref: parseExpression(text) };
    } catch (e) {
      return ctx.fail(at, (e as Error).message, "value");
    }
  };
  const errors = ctx.manifest.errors;
  const details: Record<string, ValueRef[]> = {};
  const declaredDetails = errors.details ?? {};
  for (const name of Object.keys(declaredDetails).sort()) {
    details[name] = fieldOf(declaredDetails, name).flatMap((text, i) => expression(text, ["errors", "details", name, i])?.ref ?? []);
  }
  const failureWhen = (errors.failureWhen ?? []).flatMap((test, i): ValueTest[] => {
    const found = expression(test.from, ["errors", "failureWhen", i, "from"]);
    return found ? [{ ...found, equals: test.equals }] : [];
  });
  return { ...(Object.keys(details).length ? { details } : {}), ...(failureWhen.length ? { failureWhen } : {}) };
}

/**
 * `server.hosts`: names, not IP addresses; and the address parameter's
 * placeholder and example, which users copy, must name a host the runtime
 * lets the credential go to.
 */
export function checkServerHosts(ctx: LinkContext): void {
  const { param, hosts } = ctx.manifest.server;
  hosts?.forEach((pattern, i) => {
    const problem = hostPatternProblem(pattern);
    if (problem) ctx.fail(["server", "hosts", i], `${problem}, got ${JSON.stringify(pattern)}`, "value");
  });
  const p = param === undefined ? undefined : ctx.manifest.params?.[param];
  if (param === undefined || !p || !hosts) return;
  for (const key of ["placeholder", "example"] as const) {
    const value = p[key];
    if (typeof value !== "string") continue;
    let host: string;
    try {
      host = new URL(value).hostname;
    } catch {
      continue;
    }
    if (!hosts.some((pattern) => matchesHost(pattern, host))) ctx.fail(["params", param, key], `${JSON.stringify(value)} names host ${host}, which server.hosts (${hosts.join(", ")}) does not allow`, "value");
  }
}

/** `rateLimits`, as every tool of the provider carries it; a quota is read where it says, else as the error's code. */
export function linkRateLimits(ctx: LinkContext): RateLimitSpec | undefined {
  const declared = ctx.manifest.rateLimits;
  if (!declared) return undefined;
  let quota: RateLimitSpec["quota"];
  const declaredQuota = declared.quota;
  if (declaredQuota) {
    const at = ["rateLimits", "quota"];
    const texts = declaredQuota.from ?? ctx.manifest.errors.code ?? [];
    if (!texts.length) ctx.fail([...at, "codes"], "there is no quota code to read: give quota.from, or errors.code");
    const from = texts.flatMap((text, i) => {
      try {
        return [parseExpression(text)];
      } catch (e) {
        return ctx.fail(declaredQuota.from ? [...at, "from", i] : ["errors", "code", i], (e as Error).message, "value") ?? [];
      }
    });
    quota = { from, codes: [...declaredQuota.codes] };
  }
  return {
    ...(declared.resetHeader ? { resetHeader: declared.resetHeader.toLowerCase() } : {}),
    ...(quota ? { quota } : {}),
    ...(declared.pauseMs !== undefined ? { pauseMs: declared.pauseMs } : {}),
  };
}

/** allPages, maxItems and maxPages are block inputs of list operations: no parameter may take those names. */
export function checkPageInputNames(ctx: LinkContext): void {
  const m = ctx.manifest;
  if (!Object.values(m.operations).some((op) => op.pagination)) return;
  const reserved = new Set<string>(PAGE_INPUTS);
  const message = (name: string) => `"${name}" is the name of a block input of list operations (${PAGE_INPUTS.join(", ")}); choose another name`;
  for (const name of Object.keys(m.params ?? {})) if (reserved.has(name)) ctx.fail(["params", name], message(name));
  for (const [id, op] of Object.entries(m.operations)) {
    for (const name of Object.keys(op.params ?? {})) if (reserved.has(name)) ctx.fail(["operations", id, "params", name], message(name));
  }
}

/**
 * How the body is written, when it is not plain `application/json` (left
 * out then, so the IR of JSON operations is unchanged): a `+json` media type,
 * or a form with the spec's encoding per field.
 */
export function linkBody(ctx: LinkContext, at: Path, op: OpenApiOperation, params: ParamSpec[], constants: WireConstant[]): BodySpec | undefined {
  const body = op.requestBody;
  const used = params.some((p) => p.wire.in === "body" || (p.wire.in === "switch" && p.wire.whenTrue.some((c) => c.in === "body"))) || constants.some((c) => c.in === "body");
  if (!body || !used || body.mediaType === "application/json") return undefined;
  if (body.encoding === "json") return { mediaType: body.mediaType, encoding: "json" };
  const fields: Record<string, FormFieldEncoding> = {};
  for (const name of Object.keys(body.fields).sort()) {
    const { style = "form", explode } = fieldOf(body.fields, name);
    if (!(FORM_STYLES as readonly string[]).includes(style)) {
      ctx.fail([...at, "operationId"], `the form encoding of field "${name}" of "${op.operationId}" in ${ctx.openapiName} has style "${style}"; a form field takes ${FORM_STYLES.join(", ")}`, "value");
      continue;
    }
    // OpenAPI: explode defaults to true for style form, false otherwise.
    fields[name] = { style: style as FormFieldEncoding["style"], explode: explode ?? style === "form" };
  }
  return { mediaType: body.mediaType, encoding: "form", ...(Object.keys(fields).length ? { fields } : {}) };
}

/**
 * The provider-wide constants that apply to `op` (with their place in the
 * manifest's list): every one the operation's own constants do not
 * override. Where the spec declares the parameter, the value must fit it.
 */
export function providerConstants(ctx: LinkContext, op: OpenApiOperation, own: WireConstant[]): { constant: WireConstant; index: number }[] {
  const out: { constant: WireConstant; index: number }[] = [];
  (ctx.manifest.constants ?? []).forEach((c, index) => {
    if (own.some((o) => o.in !== "body" && slotKey(o.in, o.name) === slotKey(c.in, c.name))) return;
    const declared = declaredParameter(op, c.in, c.name);
    if (declared && !ctx.doc.fits(c.value, declared.schema, true)) {
      ctx.fail(["constants", index, "value"], `constant ${JSON.stringify(c.value)} does not fit ${c.in} parameter "${declared.name}" of "${op.operationId}" in ${ctx.openapiName}`, "value");
      return;
    }
    out.push({ constant: { in: c.in, name: declared?.name ?? c.name, value: c.value }, index });
  });
  return out;
}

/** Something that sends a value in one path, query or header slot of a request, and where the manifest says so. */
export interface SlotSender {
  in: "path" | "query" | "header";
  name: string;
  /** In words, for the message to the one that comes after it: `parameter "perPage"`. */
  who: string;
  at: Path;
}

/**
 * A slot of a request carries one value: every sender after the first of a
 * slot is refused, at its own place in the manifest (header names match in
 * any case). One check per request covers the credential, the idempotency
 * header, the constants and the parameters (a switch's values included).
 */
export function checkWireSlots(ctx: LinkContext, senders: SlotSender[]): void {
  const taken = new Map<string, SlotSender>();
  for (const s of senders) {
    const key = slotKey(s.in, s.name);
    const first = taken.get(key);
    if (first) ctx.fail(s.at, `${s.in} "${s.name}" is already sent by ${first.who}`);
    else taken.set(key, s);
  }
}

/** The idempotency header, for an operation whose method the manifest lists (default POST). */
export function linkIdempotency(ctx: LinkContext, op: OpenApiOperation): { header: string } | undefined {
  const declared = ctx.manifest.idempotency;
  if (!declared || !(declared.methods ?? ["POST"]).includes(op.method as "POST")) return undefined;
  return { header: declared.header };
}

/** The operation's pagination, checked against its parameters, body and success response. */
export function linkPagination(ctx: LinkContext, at: Path, mop: ManifestOperation, op: OpenApiOperation, params: ParamSpec[]): PaginationSpec | undefined {
  const p = mop.pagination;
  if (!p) return undefined;
  const where: Path = [...at, "pagination"];
  if (mop.polling) return ctx.fail(where, `an operation either polls a job or pages through a list, not both`);
  const response = ctx.doc.bodyResponse(op);
  const expression = (text: string, key: Path, kinds: string[]): { expression: string; ref: ValueRef; schema?: Schema } | undefined => {
    let ref: ValueRef;
    try {
      ref = parseExpression(text);
    } catch (e) {
      return ctx.fail([...where, ...key], (e as Error).message, "value");
    }
    if (!kinds.includes(ref.kind))
      return ctx.fail([...where, ...key], `reads ${ref.kind === "param" ? "a parameter" : "the status"}; it must read the reply (${kinds.map((k) => (k === "body" ? "$response.body#/…" : "$response.header.…")).join(" or ")})`, "value");
    if (ref.kind !== "body") return { expression: text, ref };
    if (!response?.schema) return ctx.fail([...where, ...key], `the success response of "${op.operationId}" in ${ctx.openapiName} has no JSON body`, "value");
    const schema = ctx.doc.schemaAt(response.schema, ref.pointer);
    if (!schema) return ctx.fail([...where, ...key], `response field "${formatPointer(ref.pointer)}" not found in the success response of "${op.operationId}" in ${ctx.openapiName}`, "value");
    return { expression: text, ref, schema };
  };

  for (const [i, path] of p.items.entries()) {
    const output = mop.outputs[path];
    if (!output) ctx.fail([...where, "items", i], `"${path}" is not an output of the operation (outputs: ${Object.keys(mop.outputs).join(", ")})`, "value");
    else if (output.type !== "array") ctx.fail([...where, "items", i], `"${path}" is a ${output.type} output; the items of a page are an array output`, "value");
  }
  const more = p.more ? linkTest(ctx, p.more, [...where, "more"], expression) : undefined;
  const total = p.total ? expression(p.total, ["total"], ["body", "header"]) : undefined;
  if (total?.schema && !["number", "integer"].includes(typeOf(total.schema) ?? "")) ctx.fail([...where, "total"], `"${p.total}" is ${typeOf(total.schema) ?? "untyped"} in ${ctx.openapiName}; a total is a number`, "value");

  let next: PaginationSpec["next"] | undefined;
  switch (p.style) {
    case "cursor": {
      const cursor = expression(p.cursor, ["cursor"], ["body", "header"]);
      if (cursor?.schema && !["string", "integer", "number"].includes(typeOf(cursor.schema) ?? ""))
        ctx.fail([...where, "cursor"], `"${p.cursor}" is ${typeOf(cursor.schema) ?? "untyped"} in ${ctx.openapiName}; a cursor is a string or a number`, "value");
      const send = linkTarget(ctx, p.send, [...where, "send"], op);
      if (cursor && send) next = { style: "cursor", cursor: { expression: cursor.expression, ref: cursor.ref }, send };
      break;
    }
    case "offset": {
      const send = linkTarget(ctx, p.send, [...where, "send"], op);
      if (send) next = { style: "offset", send, start: p.start ?? 0 };
      break;
    }
    case "nextUrl":
    case "linkHeader": {
      if (op.method !== "GET") ctx.fail([...where, "style"], `a next page's address is fetched with GET, but "${op.operationId}" is ${op.method}; use a cursor sent in the body`, "value");
      if (p.style === "linkHeader") {
        next = { style: "linkHeader" };
        break;
      }
      const url = expression(p.url, ["url"], ["body", "header"]);
      if (url?.schema && typeOf(url.schema) !== "string") ctx.fail([...where, "url"], `"${p.url}" is ${typeOf(url.schema) ?? "untyped"} in ${ctx.openapiName}; an address is a string`, "value");
      if (url) next = { style: "nextUrl", url: { expression: url.expression, ref: url.ref } };
      break;
    }
  }
  if (!next) return undefined;
  const pageSize = "pageSize" in p && p.pageSize !== undefined ? linkPageSize(ctx, [...where, "pageSize"], p.pageSize, params) : undefined;
  return {
    next,
    ...(more ? { more } : {}),
    ...(total ? { total: { expression: total.expression, ref: total.ref } } : {}),
    items: [...p.items],
    ...(pageSize ? { pageSize } : {}),
  };
}

/** The page size parameter: a number the request carries in its query, a header or its body. */
function linkPageSize(ctx: LinkContext, at: Path, name: string, params: ParamSpec[]): string | undefined {
  const param = params.find((x) => x.name === name);
  if (!param) return ctx.fail(at, `"${name}" is not a parameter of the operation (parameters: ${params.map((x) => x.name).join(", ")})`, "value");
  if (param.type !== "number" || !["query", "header", "body"].includes(param.wire.in)) return ctx.fail(at, `"${name}" must be a number parameter sent in the query, a header or the body, to say a page's size`, "value");
  return name;
}

function linkTest(ctx: LinkContext, test: ManifestValueTest, at: Path, expression: (text: string, key: Path, kinds: string[]) => { expression: string; ref: ValueRef; schema?: Schema } | undefined): ValueTest | undefined {
  const found = expression(test.from, ["more", "from"], ["body", "header"]);
  if (!found) return undefined;
  if (found.schema && test.equals !== null && !ctx.doc.fits(test.equals, found.schema, false)) {
    return ctx.fail([...at, "equals"], `${JSON.stringify(test.equals)} can never equal "${test.from}", which is ${typeOf(found.schema)} in ${ctx.openapiName}`, "value");
  }
  return { expression: found.expression, ref: found.ref, equals: test.equals };
}

/** A cursor's place: a query or header parameter the operation declares, or a field of its request body. */
function linkTarget(ctx: LinkContext, target: ManifestPageTarget, at: Path, op: OpenApiOperation): PageTarget | undefined {
  if (target.in === "body") {
    const body = op.requestBody;
    if (!body) return ctx.fail(at, `"${op.operationId}" in ${ctx.openapiName} has no request body to carry the cursor`);
    if (!ctx.doc.schemaAt(body.schema, parsePointer(target.pointer))) return ctx.fail([...at, "pointer"], `body field "${target.pointer}" not found in the request body of "${op.operationId}" in ${ctx.openapiName}`, "value");
    return { in: "body", pointer: target.pointer };
  }
  const declared = declaredParameter(op, target.in, target.name);
  if (!declared) {
    const available = op.parameters.filter((x) => x.in === target.in).map((x) => x.name);
    return ctx.fail([...at, "name"], `${target.in} parameter "${target.name}" not found in operation "${op.operationId}" of ${ctx.openapiName} (its ${target.in} parameters: ${available.join(", ") || "none"})`, "value");
  }
  return { in: target.in, name: target.name };
}
