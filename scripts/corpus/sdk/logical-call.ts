// The logical call behind a tool's input: each value under the name the
// OpenAPI document gives it, where the document puts it (path, query, header,
// body at its pointer). An SDK is called with this, in its own convention
// (the vendor's adapter), and Blockwright with the input itself: both say the
// same thing, and the wire shows whether both say it the same way.
import { type ParamSpec, parsePointer, type ToolSpec } from "@blockwright/runtime/internal";
import { signingOf } from "../../../src/contract/request/signature-check.js";

export interface LogicalCall {
  operationId: string;
  method: string;
  /** The OpenAPI path template. */
  template: string;
  /** Path parameters by name, in the template's order. */
  path: Record<string, unknown>;
  pathOrder: string[];
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  /**
   * The body: an object of fields (JSON, a form, multipart parts), a whole value, or a File; undefined when none is
   * given.
   */
  body?: unknown;
  /**
   * The credential's values by role: a token or key, or a basic pair; `headers`, each header credential of the way (a
   * combination's too) by its name; `query`, each query credential so (a key and a secret sent together).
   */
  credential: {
    secret?: string;
    user?: string;
    headers: Record<string, string>;
    query?: Record<string, string>;
    signing?: Signing;
  };
}

/** A signed call's other values (auth.sigv4): the access key id, the session token, the signing region. */
export interface Signing {
  accessKeyId: string;
  sessionToken?: string;
  region: string;
}

function place(target: Record<string, unknown>, tokens: readonly string[], value: unknown): void {
  let node = target;
  for (const [i, token] of tokens.entries()) {
    if (i === tokens.length - 1) node[token] = value;
    else {
      const next = node[token];
      if (!next || typeof next !== "object") node[token] = {};
      node = node[token] as Record<string, unknown>;
    }
  }
}

/** A JSON parameter given as its text is the value it spells. */
function jsonValue(param: ParamSpec, value: unknown): unknown {
  if (param.type === "json" && typeof value === "string") {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

export function logicalCall(tool: ToolSpec, input: Record<string, unknown>): LogicalCall {
  const call: LogicalCall = {
    operationId: tool.operationId,
    method: tool.method.toUpperCase(),
    template: tool.path,
    path: {},
    pathOrder: [...tool.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
    query: {},
    headers: {},
    credential: { headers: {} },
  };
  let body: Record<string, unknown> | undefined;
  for (const param of tool.params) {
    if (!Object.hasOwn(input, param.name) || input[param.name] === undefined) continue;
    const value = jsonValue(param, input[param.name]);
    const wire = param.wire;
    if (wire.in === "path") call.path[wire.name] = value;
    else if (wire.in === "query") call.query[wire.name] = value;
    else if (wire.in === "header") call.headers[wire.name] = value;
    else if (wire.in === "switch") {
      // A switch given true is the document's parameters it sends (`?pretty=true`); given false, none.
      if (value !== true) continue;
      for (const sent of wire.whenTrue)
        if (sent.in === "query") call.query[sent.name] = sent.value;
        else if (sent.in === "header") call.headers[sent.name] = sent.value;
        else if (sent.in === "body") place((body ??= {}), parsePointer(sent.pointer), sent.value);
    } else if (wire.in === "body") {
      const tokens = parsePointer(wire.pointer);
      if (!tokens.length) call.body = value;
      else place((body ??= {}), tokens, value);
    }
  }
  if (body)
    call.body =
      call.body && typeof call.body === "object" && !(call.body instanceof Blob)
        ? { ...(call.body as object), ...body }
        : body;
  const auth = tool.auth;
  const secret = input[auth.param];
  if (typeof secret === "string") call.credential.secret = secret;
  if (auth.type === "basic" && "user" in auth && typeof input[auth.user] === "string")
    call.credential.user = input[auth.user] as string;
  for (const c of [auth, ...(auth.also ?? [])])
    if (c.type === "header" && typeof input[c.param] === "string")
      call.credential.headers[c.name] = input[c.param] as string;
    else if (c.type === "query" && typeof input[c.param] === "string")
      (call.credential.query ??= {})[c.name] = input[c.param] as string;
  const signing = signingOf(tool, input);
  if (signing)
    call.credential.signing = {
      accessKeyId: signing.keys.accessKeyId,
      ...(signing.keys.sessionToken !== undefined ? { sessionToken: signing.keys.sessionToken } : {}),
      region: signing.scope.region,
    };
  return call;
}
