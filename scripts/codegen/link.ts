// The heart of the generator: the only module that knows both formats. It
// checks a manifest against its OpenAPI document — every operation, parameter,
// body field and output path must exist there, types must agree, and no
// manifest limit may be looser than the spec's — and builds the ProviderIR.
import { checkValue, cloneJson, defined, fieldOf, formatPointer, itemAt, isAbsent, parseExpression, parsePointer, SECRET_MIN_LENGTH } from "@blockwright/runtime";
import type { AuthSpec, ErrorSpec, OutcomeSpec, OutputSource, OutputSpec, ParamSpec, RouteSpec, RuleSpec, ToolSpec, ValueRef, WireConstant, WireSpec } from "@blockwright/runtime";
import { buildBlock } from "./build-block.js";
import type { OperationIR, ProviderIR } from "./ir.js";
import { checkPageInputNames, checkServerHosts, checkWireSlots, linkBody, linkErrorExtras, linkIdempotency, linkPagination, linkRateLimits, providerConstants, type LinkContext, type SlotSender } from "./link-http.js";
import { checkDerivedNames } from "./link-names.js";
import type { Manifest, ManifestOperation, ManifestOutputSource, ManifestParam, ManifestWire } from "./manifest-types.js";
import { credentialOf, declaredParameter, slotKey, typeOf, type OpenApiDocument, type OpenApiOperation, type Schema } from "./openapi-document.js";
import { camelCase, jsonLiteralType, pascalCase, slotNameProblem, titleFromName } from "./naming.js";
import { SourceError, type YamlSource } from "../yaml/yaml-source.js";

export const DEFAULT_RETRYABLE_STATUSES = [408, 429, 500, 502, 503, 504];

export class LinkErrors extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "LinkErrors";
  }
}

type Path = (string | number)[];

/** Link a manifest against its OpenAPI document, read once (the type emitter and the surface read it too). */
export function linkDocument(manifestSource: YamlSource<Manifest>, document: OpenApiDocument): ProviderIR {
  return new Linker(manifestSource, document).run();
}

class Linker {
  private readonly errors: SourceError[] = [];
  /** Where each linked parameter's placement is written (for messages about its slot). */
  private readonly wireAt = new WeakMap<ParamSpec, Path>();
  private readonly m: Manifest;
  private readonly openapiName: string;
  /** For the HTTP-level declarations (link-http.ts). */
  private readonly context: LinkContext;
  private rateLimits: ToolSpec["rateLimits"];

  constructor(
    private readonly source: YamlSource<Manifest>,
    private readonly doc: OpenApiDocument,
  ) {
    this.m = source.data;
    this.openapiName = doc.source.file;
    this.context = { fail: (path, message, which) => this.fail(path, message, which), doc, openapiName: this.openapiName, manifest: this.m };
  }

  run(): ProviderIR {
    const m = this.m;
    const auth = this.linkAuth();
    const errors = this.linkErrors();
    this.rateLimits = linkRateLimits(this.context);
    this.checkServer();
    checkServerHosts(this.context);
    checkPageInputNames(this.context);
    checkDerivedNames(this.context);
    const operations = Object.keys(m.operations)
      .sort()
      .map((id) => this.linkOperation(id, fieldOf(m.operations, id), auth, errors))
      .filter((op): op is OperationIR => op !== undefined);
    if (this.errors.length) throw new LinkErrors(this.errors);
    const tools = operations.map((op) => op.tool);
    return {
      provider: m.provider,
      name: m.name,
      description: m.description,
      ...(m.longDescription ? { longDescription: m.longDescription } : {}),
      color: m.color,
      category: m.category,
      ...(m.docsUrl ? { docsUrl: m.docsUrl } : {}),
      sources: { manifest: this.source.file, openapi: this.openapiName },
      names: { pascal: pascalCase(m.provider), camel: camelCase(m.provider) },
      server: this.server(),
      auth: auth ?? { type: "bearer", param: m.auth.param },
      operations,
      block: buildBlock(m, tools),
    };
  }

  // ---- errors -------------------------------------------------------------

  private fail(path: Path, message: string, which: "key" | "value" = "key"): undefined {
    const field = path.filter((p) => p !== "").join(".");
    const error = new SourceError(this.source.locate(path, which), `${field}: ${message}`);
    // A shared parameter is linked once per operation: report its problem once.
    if (!this.errors.some((e) => e.message === error.message)) this.errors.push(error);
    return undefined;
  }

  // ---- provider level -----------------------------------------------------

  private linkAuth(): AuthSpec | undefined {
    const { scheme, param } = this.m.auth;
    const declared = this.doc.securitySchemes[scheme];
    if (!declared) {
      const names = Object.keys(this.doc.securitySchemes);
      return this.fail(["auth", "scheme"], `security scheme "${scheme}" not found in ${this.openapiName} (declared: ${names.join(", ") || "none"})`, "value");
    }
    const shared = this.m.params?.[param];
    if (!shared) {
      this.fail(["auth", "param"], `parameter "${param}" must be declared under the shared "params"`, "value");
    } else if (!shared.secret) {
      this.fail(["params", param], `the credential parameter "${param}" must be marked secret: true`);
    }
    const credential = credentialOf(declared);
    const nameProblem = credential && credential.type !== "bearer" ? slotNameProblem(credential.type, credential.name) : undefined;
    if (nameProblem) return void this.errors.push(new SourceError(this.doc.source.locate(["components", "securitySchemes", scheme, "name"], "value"), `components.securitySchemes.${scheme}.name: ${nameProblem}`));
    if (credential) return { ...credential, param };
    return this.fail(
      ["auth", "scheme"],
      `security scheme "${scheme}" is of an unsupported kind (${declared.type}${declared.in ? " in " + declared.in : ""}); supported: http bearer, apiKey in header, apiKey in query, oauth2 and openIdConnect (the access token, as a bearer token)`,
      "value",
    );
  }

  private linkErrors(): ErrorSpec {
    const parse = (list: string[] | undefined, key: string): ValueRef[] =>
      (list ?? []).flatMap((text, i) => {
        try {
          return [parseExpression(text)];
        } catch (e) {
          this.fail(["errors", key, i], (e as Error).message, "value");
          return [];
        }
      });
    return {
      code: parse(this.m.errors.code, "code"),
      message: parse(this.m.errors.message, "message"),
      requestId: parse(this.m.errors.requestId, "requestId"),
      retryableStatuses: [...(this.m.errors.retryableStatuses ?? DEFAULT_RETRYABLE_STATUSES)].sort((a, b) => a - b),
      ...linkErrorExtras(this.context),
    };
  }

  /** Where requests go, what the upstream refuses to receive there, and how much of its replies a call reads. */
  private server(): ToolSpec["server"] {
    const { requestHeadBytes, replyBytes } = this.m.limits ?? {};
    return { ...this.m.server, ...(requestHeadBytes !== undefined ? { requestHeadBytes } : {}), ...(replyBytes !== undefined ? { replyBytes } : {}) };
  }

  private checkServer(): void {
    const { param } = this.m.server;
    if (param === undefined) return;
    const p = this.m.params?.[param];
    if (!p) {
      this.fail(["server", "param"], `parameter "${param}" must be declared under the shared "params"`, "value");
    } else if (p.format !== "base-url" || p.type !== "string") {
      this.fail(["params", param], `the address parameter "${param}" must be type: string with format: base-url`);
    }
  }

  // ---- operations ---------------------------------------------------------

  private linkOperation(id: string, mop: ManifestOperation, auth: AuthSpec | undefined, errorSpec: ErrorSpec): OperationIR | undefined {
    const at: Path = ["operations", id];
    if (!id.startsWith(`${this.m.provider}_`)) {
      this.fail(at, `operation ids start with the provider id: "${this.m.provider}_…"`);
    }
    const op = this.doc.operations.get(mop.operationId);
    if (!op) {
      const known = [...this.doc.operations.keys()].sort().join(", ");
      return this.fail([...at, "operationId"], `operation "${mop.operationId}" not found in ${this.openapiName} (operations: ${known})`, "value");
    }
    if (auth && op.security && !op.security.includes(this.m.auth.scheme)) {
      this.fail([...at, "operationId"], `operation "${op.operationId}" in ${this.openapiName} does not accept security scheme "${this.m.auth.scheme}" (accepts: ${op.security.join(", ") || "none"})`, "value");
    }

    const params = this.linkParams(id, mop, op);
    const byName = new Map(params.map((p) => [p.name, p]));
    const ownAt = (mop.constants ?? []).flatMap((c, index) => {
      const constant = this.linkConstant(c, [...at, "constants", index], op);
      return constant ? [{ constant, index }] : [];
    });
    const own = ownAt.map((c) => c.constant);
    const shared = providerConstants(this.context, op, own);
    const constants = [...shared.map((c) => c.constant), ...own];
    const idempotency = linkIdempotency(this.context, op);
    checkWireSlots(this.context, [
      ...this.credentialSender(auth),
      ...(idempotency ? [{ in: "header" as const, name: idempotency.header, who: "the idempotency key (idempotency.header)", at: ["idempotency", "header"] }] : []),
      ...shared.flatMap(({ constant, index }) => slotSender(constant, `the provider-wide constant (constants.${index})`, ["constants", index])),
      ...ownAt.flatMap(({ constant, index }) => slotSender(constant, `the operation's constant (operations.${id}.constants.${index})`, [...at, "constants", index])),
      ...this.paramSenders(params),
    ]);
    this.checkCoverage(at, op, params, constants);
    const declared = mop.rules?.length ? new Set([...Object.keys(this.m.params ?? {}), ...Object.keys(mop.params ?? {})]) : new Set<string>();
    const rules = (mop.rules ?? []).map((r, i) => this.linkRule(r, [...at, "rules", i], declared, byName)).filter((r): r is RuleSpec => !!r);

    const successStatuses = op.responses
      .map((r) => Number(r.status))
      .filter((s) => s >= 200 && s < 300)
      .sort((a, b) => a - b);
    if (!successStatuses.length) this.fail([...at, "operationId"], `operation "${op.operationId}" declares no 2xx response in ${this.openapiName}`, "value");

    // The status whose body the outputs read (the first 2xx when none has a body: a body output then says so).
    const bodyStatus = bodyStatusOf(this.doc, op, successStatuses);
    const outputs = Object.keys(mop.outputs)
      .sort()
      .map((path) => this.linkOutput([...at, "outputs", path], path, mop, op, byName, bodyStatus))
      .filter((o): o is { spec: OutputSpec; tsType: string } => !!o);
    const routes = this.linkRoutes(id, at, mop, params, new Set(outputs.map((o) => o.spec.path)));
    const outcomes = this.linkOutcomes(at, mop, op, byName, outputs);
    const polling = this.linkPolling(at, mop, op, outputs);
    const pagination = linkPagination(this.context, at, mop, op, params);
    const body = linkBody(this.context, at, op, params, constants);

    const tool: ToolSpec = {
      id,
      provider: this.m.provider,
      title: mop.title,
      description: mop.description,
      operationId: op.operationId,
      method: op.method as ToolSpec["method"],
      path: op.path,
      server: this.server(),
      auth: auth ?? { type: "bearer", param: this.m.auth.param },
      params,
      routes,
      constants,
      rules,
      successStatuses,
      responses: declaredResponses([op, ...(mop.routes ?? []).flatMap((r) => this.doc.operations.get(r.operationId) ?? [])]),
      outputs: outputs.map((o) => o.spec),
      outcomes: outcomes.map((o) => o.spec),
      errors: errorSpec,
      ...(this.rateLimits ? { rateLimits: this.rateLimits } : {}),
      ...(polling ? { polling } : {}),
      ...(mop.behavior ? { behavior: this.linkBehavior(at, mop.behavior) } : {}),
      ...(body ? { body } : {}),
      ...(idempotency ? { idempotency } : {}),
      ...(pagination ? { pagination } : {}),
    };
    const outcomeTypes = new Map<string, string[]>();
    for (const o of outcomes) for (const [path, t] of o.tsTypes) outcomeTypes.set(path, [...(outcomeTypes.get(path) ?? []), t]);
    const pascal = pascalCase(id);
    return {
      tool,
      errorResponses: op.responses
        .filter((r) => /^[45]\d\d$/.test(r.status))
        .map((r) => ({ status: Number(r.status), description: r.description }))
        .sort((a, b) => a.status - b.status),
      types: {
        paramsName: `${pascal}Params`,
        outputName: `${pascal}Output`,
        params: params.map((p) => ({ name: p.name, optional: !p.required, type: paramTsType(p), doc: p.description })),
        output: objectTypeFromPaths(
          outputs.map((o) => ({
            path: o.spec.path,
            optional: o.spec.optional,
            type: unionTypes([o.tsType, ...(outcomeTypes.get(o.spec.path) ?? [])]),
          })),
        ),
      },
    };
  }

  // ---- parameters ---------------------------------------------------------

  /**
   * Link the operation's parameters (shared ones first) against `op`. A
   * route links the same parameters against its own operation, with some
   * placements overridden (`route.overrides`, declared at `route.at`).
   */
  private linkParams(id: string, mop: ManifestOperation, op: OpenApiOperation, route?: { overrides: Record<string, ManifestWire>; at: Path }): ParamSpec[] {
    const shared = this.m.params ?? {};
    const own = mop.params ?? {};
    const out: ParamSpec[] = [];
    if (!route) {
      for (const name of Object.keys(own)) {
        if (name in shared) this.fail(["operations", id, "params", name], `parameter "${name}" is already a shared parameter`);
      }
    } else {
      for (const name of Object.keys(route.overrides)) {
        if (!(name in own) && !(name in shared)) this.fail([...route.at, name], `unknown parameter "${name}"`);
      }
    }
    const entries: [string, ManifestParam, Path][] = [
      ...Object.entries(shared).map(([n, p]): [string, ManifestParam, Path] => [n, p, ["params", n]]),
      ...Object.entries(own).map(([n, p]): [string, ManifestParam, Path] => [n, p, ["operations", id, "params", n]]),
    ];
    for (const [name, p, at] of entries) {
      const override = route?.overrides[name];
      const spec = route && override ? this.linkParam(name, { ...p, wire: override }, at, op, [...route.at, name]) : this.linkParam(name, p, at, op);
      if (spec) out.push(spec);
    }
    return out;
  }

  /** `linkedOutputs`: outputs valid on the main operation, checked again on each route's. */
  private linkRoutes(id: string, at: Path, mop: ManifestOperation, params: ParamSpec[], linkedOutputs: Set<string>): RouteSpec[] {
    return (mop.routes ?? []).flatMap((route, i): RouteSpec[] => {
      const where: Path = [...at, "routes", i];
      const op = this.doc.operations.get(route.operationId);
      if (!op) {
        this.fail([...where, "operationId"], `operation "${route.operationId}" not found in ${this.openapiName} (operations: ${[...this.doc.operations.keys()].sort().join(", ")})`, "value");
        return [];
      }
      const compileProblem = regexProblem(route.when.pattern);
      if (compileProblem) this.fail([...where, "when", "pattern"], compileProblem, "value");
      const tested = params.find((p) => p.name === route.when.param);
      if (!tested) this.fail([...where, "when", "param"], `unknown parameter "${route.when.param}"`, "value");
      else if (tested.type !== "string") this.fail([...where, "when", "param"], `a route tests a string parameter, and "${route.when.param}" is ${tested.type}`, "value");
      const linked = this.linkParams(id, mop, op, { overrides: route.wire ?? {}, at: [...where, "wire"] });
      checkWireSlots(this.context, this.paramSenders(linked));
      this.checkCoverage(where, op, linked, []);
      const success = op.responses.map((r) => Number(r.status)).filter((s) => s >= 200 && s < 300);
      const bodyStatus = bodyStatusOf(this.doc, op, success);
      const byName = new Map(linked.map((p) => [p.name, p]));
      for (const path of [...linkedOutputs]) this.linkOutput([...at, "outputs", path], path, mop, op, byName, bodyStatus);
      const wire: Record<string, WireSpec> = {};
      for (const name of Object.keys(route.wire ?? {}).sort()) {
        const p = linked.find((x) => x.name === name);
        if (p) wire[name] = p.wire;
      }
      return [{ when: { ...route.when }, operationId: op.operationId, method: op.method as RouteSpec["method"], path: op.path, wire }];
    });
  }

  private linkParam(name: string, p: ManifestParam, at: Path, op: OpenApiOperation, wireAt: Path = [...at, "wire"]): ParamSpec | undefined {
    if (p.secret && p.visibility === "user-or-llm") this.fail([...at, "visibility"], `a secret parameter must be user-only`, "value");
    this.checkOwnLimits(p, at);
    let wire: WireSpec | undefined;
    const w = p.wire;
    if (!w) {
      if (name === this.m.auth.param) wire = { in: "auth" };
      else if (name === this.m.server.param) wire = { in: "server" };
      else return this.fail(at, `parameter "${name}" has no "wire" placement and is neither the credential nor the address parameter`);
    } else if (w.in === "path" || w.in === "query" || w.in === "header") {
      const wireName = w.name ?? name;
      const declared = declaredParameter(op, w.in, wireName);
      if (!declared) {
        const available = op.parameters.filter((x) => x.in === w.in).map((x) => x.name);
        return this.fail(wireAt, `${w.in} parameter "${wireName}" not found in operation "${op.operationId}" of ${this.openapiName} (its ${w.in} parameters: ${available.join(", ") || "none"})`);
      }
      if (declared.required && !p.required && (p.default === undefined || p.sendDefault === false)) {
        this.fail(at, `${this.openapiName} requires ${w.in} parameter "${wireName}"; declare required: true or a default that is sent`);
      }
      if (p.limitsFromSpec) p = this.withSpecLimits(p, declared.schema);
      this.checkAgainstSchema(p, at, declared.schema, `${w.in} parameter "${wireName}"`);
      wire = { in: w.in, name: wireName, ...(w.escape ? { escape: { ...w.escape } } : {}) };
    } else if (w.in === "body") {
      const pointer = w.pointer ?? `/${name}`;
      const bodySchema = op.requestBody?.schema;
      if (!bodySchema) return this.fail(wireAt, `operation "${op.operationId}" of ${this.openapiName} has no request body in a media type the runtime writes (application/json, a +json type, or application/x-www-form-urlencoded)`);
      const target = this.doc.schemaAt(bodySchema, parsePointer(pointer));
      if (!target) {
        return this.fail(wireAt, `body field "${pointer}" not found in the request body of "${op.operationId}" in ${this.openapiName}${this.listProperties(bodySchema, [...parsePointer(pointer)])}`);
      }
      if (p.limitsFromSpec) p = this.withSpecLimits(p, target);
      this.checkAgainstSchema(p, at, target, `body field "${pointer || "(whole body)"}"`, w.split);
      wire = {
        in: "body",
        pointer,
        ...(w.split ? { split: { ...w.split } } : {}),
        ...(w.wrapUnlessKey ? { wrapUnlessKey: w.wrapUnlessKey } : {}),
      };
      if (w.split && p.type !== "string") this.fail([...wireAt, "split"], `split applies to string parameters, not ${p.type}`);
      if (w.wrapUnlessKey && p.type !== "json") this.fail([...wireAt, "wrapUnlessKey"], `wrapUnlessKey applies to json parameters, not ${p.type}`);
    } else if (w.in === "switch") {
      if (p.type !== "boolean") this.fail([...at, "type"], `a switch parameter must be boolean, got ${p.type}`, "value");
      const whenTrue = w.whenTrue.map((c, i) => this.linkConstant(c, [...wireAt, "whenTrue", i], op)).filter((c): c is WireConstant => !!c);
      wire = { in: "switch", whenTrue };
    }
    if (!wire) return undefined;
    this.checkBounded(name, p, at, wire);
    const spec: ParamSpec = {
      name,
      type: p.type,
      title: p.title ?? titleFromName(name),
      description: p.description,
      required: Boolean(p.required),
      secret: Boolean(p.secret),
      visibility: p.visibility ?? (p.secret ? "user-only" : "user-or-llm"),
      wire,
    };
    this.wireAt.set(spec, wireAt);
    for (const key of ["default", "sendDefault", "integer", "minimum", "maximum", "minLength", "maxLength", "pattern", "patternHint", "enum", "caseInsensitive", "format", "jsonType", "placeholder", "forbiddenKeys"] as const) {
      if (p[key] !== undefined) (spec as unknown as Record<string, unknown>)[key] = cloneJson(p[key]);
    }
    if (p.forbiddenKeys && (p.type !== "json" || p.jsonType !== "object")) this.fail([...at, "forbiddenKeys"], `forbiddenKeys applies to json parameters with jsonType: object`);
    // The runtime refuses shorter credentials; say so wherever limits are shown.
    if (spec.secret && spec.type === "string" && (spec.minLength ?? 0) < SECRET_MIN_LENGTH) spec.minLength = SECRET_MIN_LENGTH;
    if (p.pattern === undefined || !regexProblem(p.pattern)) {
      // The runtime applies a default without checking it, and takes an example as a caller's value:
      // both must pass the parameter's own rules, checked as the runtime checks a value.
      if (p.default !== undefined) {
        const problem = defaultTypeProblem(spec, p.default) ?? valueIssue(spec, p.default);
        if (problem) this.fail([...at, "default"], `default ${JSON.stringify(p.default)} breaks the parameter's rules: ${problem}`, "value");
      }
      if (p.example !== undefined) {
        const problem = isAbsent(p.example, spec) ? `${name}: is empty` : valueIssue(spec, p.example);
        if (problem) this.fail([...at, "example"], `example ${JSON.stringify(p.example)} breaks the parameter's rules: ${problem}`, "value");
        else spec.example = cloneJson(p.example);
      }
    }
    return spec;
  }

  /** The manifest parameter with every limit the spec's schema states and the manifest does not. */
  private withSpecLimits(p: ManifestParam, schema: Schema): ManifestParam {
    const s = this.doc.flatten(schema);
    const out: ManifestParam = { ...p };
    if (typeOf(s) === "integer" && out.integer === undefined) out.integer = true;
    // The runtime's bounds are inclusive: an exclusive bound becomes the nearest value past it (the next
    // integer, or the next double: `100 + Number.EPSILON` is 100). With both forms (3.1), the stricter wins.
    const past = (bound: number, up: boolean) => (out.integer ? (up ? Math.floor(bound) + 1 : Math.ceil(bound) - 1) : nextDouble(bound, up));
    const lower = [typeof s.minimum === "number" ? (s.exclusiveMinimum === true ? past(s.minimum, true) : s.minimum) : undefined, typeof s.exclusiveMinimum === "number" ? past(s.exclusiveMinimum, true) : undefined].filter(
      (x) => x !== undefined,
    );
    const upper = [typeof s.maximum === "number" ? (s.exclusiveMaximum === true ? past(s.maximum, false) : s.maximum) : undefined, typeof s.exclusiveMaximum === "number" ? past(s.exclusiveMaximum, false) : undefined].filter(
      (x) => x !== undefined,
    );
    if (out.minimum === undefined && lower.length) out.minimum = Math.max(...lower);
    if (out.maximum === undefined && upper.length) out.maximum = Math.min(...upper);
    for (const key of ["minLength", "maxLength", "pattern"] as const) if (out[key] === undefined && s[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = s[key];
    if (out.enum === undefined && Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[])];
    return out;
  }

  /**
   * Free text that ends up in the address or a header needs a maximum
   * length: without one, a megabyte value is sent and the upstream answers
   * 414 or 431. (Enums are bounded by their values.)
   */
  private checkBounded(name: string, p: ManifestParam, at: Path, wire: WireSpec): void {
    if (p.type !== "string" || p.enum || p.maxLength !== undefined) return;
    const place = wire.in === "path" || wire.in === "query" || wire.in === "header" ? `${wire.in} parameter` : wire.in === "auth" ? "credential" : wire.in === "server" ? "base address" : undefined;
    if (place) this.fail(at, `"${name}" is sent as a ${place}, so it needs maxLength (an unbounded value can make the upstream answer 414 or 431)`);
  }

  /** Limits that only concern the manifest itself (sane ranges, enum values of the parameter's type). */
  private checkOwnLimits(p: ManifestParam, at: Path): void {
    const patternProblem = p.pattern === undefined ? undefined : regexProblem(p.pattern);
    if (patternProblem) this.fail([...at, "pattern"], patternProblem, "value");
    const numeric = ["minimum", "maximum", "integer"] as const;
    const textual = ["minLength", "maxLength", "pattern"] as const;
    for (const key of numeric) if (p[key] !== undefined && p.type !== "number") this.fail([...at, key], `${key} applies to number parameters, not ${p.type}`);
    for (const key of textual) if (p[key] !== undefined && p.type !== "string") this.fail([...at, key], `${key} applies to string parameters, not ${p.type}`);
    if (p.jsonType !== undefined && p.type !== "json") this.fail([...at, "jsonType"], `jsonType applies to json parameters, not ${p.type}`);
    if (p.format !== undefined && p.type !== "string") this.fail([...at, "format"], `format applies to string parameters, not ${p.type}`);
    if (p.minimum !== undefined && p.maximum !== undefined && p.minimum > p.maximum) this.fail([...at, "minimum"], `minimum ${p.minimum} is above maximum ${p.maximum}`);
    if (p.minLength !== undefined && p.maxLength !== undefined && p.minLength > p.maxLength) this.fail([...at, "minLength"], `minLength ${p.minLength} is above maxLength ${p.maxLength}`);
    for (const [i, value] of (p.enum ?? []).entries()) {
      const kind = p.type === "number" ? "number" : "string";
      if (typeof value !== kind) this.fail([...at, "enum", i], `enum values of a ${p.type} parameter must be ${kind}s, got ${JSON.stringify(value)}`, "value");
    }
  }

  /** Type and limit agreement between a manifest parameter and the spec's schema at its wire place. */
  private checkAgainstSchema(p: ManifestParam, at: Path, schema: Schema, what: string, split?: { separator: string; maxItems?: number }): void {
    const specType = typeOf(schema);
    const flat = this.doc.flatten(schema);
    if (split) {
      if (specType !== "array") {
        this.fail([...at, "wire", "split"], `${what} is ${specType ?? "untyped"} in ${this.openapiName}, but split sends an array`);
        return;
      }
      const specMax = flat.maxItems as number | undefined;
      if (specMax !== undefined && (split.maxItems === undefined || split.maxItems > specMax)) {
        this.fail([...at, "wire", "split"], `split.maxItems ${split.maxItems ?? "(none)"} is looser than ${what}'s maxItems ${specMax} in ${this.openapiName}`);
      }
      return;
    }
    const compatible: Record<ParamSpec["type"], string[]> = {
      string: ["string"],
      number: ["number", "integer"],
      boolean: ["boolean"],
      json: p.jsonType ? [p.jsonType] : ["object", "array"],
    };
    if (specType !== undefined && !compatible[p.type].includes(specType)) {
      this.fail([...at, "type"], `type ${p.type}${p.jsonType ? ` (${p.jsonType})` : ""} disagrees with ${what}, which is ${specType} in ${this.openapiName}`, "value");
      return;
    }
    if (specType === "integer" && !p.integer) {
      this.fail([...at, "type"], `${what} is an integer in ${this.openapiName}; declare integer: true`, "value");
    }
    this.checkLooser(p, at, flat, what);
  }

  private checkLooser(p: ManifestParam, at: Path, s: Schema, what: string): void {
    const looser = (key: string, mine: unknown, theirs: unknown) =>
      this.fail(
        mine === undefined ? at : [...at, key],
        `${key} ${mine === undefined ? "(none)" : JSON.stringify(mine)} is looser than ${what}'s ${key} ${JSON.stringify(theirs)} in ${this.openapiName}`,
        mine === undefined ? "key" : "value",
      );
    const specMin = typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : (s.minimum as number | undefined);
    const specMax = typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : (s.maximum as number | undefined);
    const exclusiveMin = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === "number";
    const exclusiveMax = s.exclusiveMaximum === true || typeof s.exclusiveMaximum === "number";
    if (specMin !== undefined && (p.minimum === undefined || p.minimum < specMin || (exclusiveMin && p.minimum === specMin))) looser("minimum", p.minimum, specMin);
    if (specMax !== undefined && (p.maximum === undefined || p.maximum > specMax || (exclusiveMax && p.maximum === specMax))) looser("maximum", p.maximum, specMax);
    if (typeof s.minLength === "number" && (p.minLength ?? 0) < s.minLength && !p.enum?.every((v) => String(v).length >= (s.minLength as number))) looser("minLength", p.minLength, s.minLength);
    if (typeof s.maxLength === "number" && (p.maxLength === undefined || p.maxLength > s.maxLength) && !p.enum?.every((v) => String(v).length <= (s.maxLength as number))) looser("maxLength", p.maxLength, s.maxLength);
    if (typeof s.pattern === "string" && p.pattern === undefined && p.enum === undefined) looser("pattern", p.pattern, s.pattern);
    // A pattern cannot be proved stricter in general: the manifest's must be the spec's, character for character.
    if (typeof s.pattern === "string" && p.pattern !== undefined && p.pattern !== s.pattern) {
      this.fail(
        [...at, "pattern"],
        `pattern ${JSON.stringify(p.pattern)} is not ${what}'s pattern ${JSON.stringify(s.pattern)} in ${this.openapiName} (a manifest pattern must be the spec's; restrict further with enum or maxLength)`,
        "value",
      );
    }
    if (Array.isArray(s.enum)) {
      if (!p.enum) {
        looser("enum", p.enum, s.enum);
      } else {
        const extra = p.enum.filter((v) => !(s.enum as unknown[]).includes(v));
        if (extra.length)
          this.fail([...at, "enum"], `enum values ${extra.map((v) => JSON.stringify(v)).join(", ")} are not accepted by ${what} in ${this.openapiName} (accepted: ${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")})`);
      }
    }
  }

  private listProperties(schema: Schema, pointer: string[]): string {
    const parent = this.doc.schemaAt(schema, pointer.slice(0, -1));
    const names = Object.keys((parent?.properties as object) ?? {});
    return names.length ? ` (fields there: ${names.join(", ")})` : "";
  }

  /** The slot the credential takes on every request. */
  private credentialSender(auth: AuthSpec | undefined): SlotSender[] {
    if (!auth) return [];
    const who = `the credential (auth.scheme ${this.m.auth.scheme})`;
    return [auth.type === "bearer" ? { in: "header", name: "Authorization", who, at: ["auth", "scheme"] } : { in: auth.type, name: auth.name, who, at: ["auth", "scheme"] }];
  }

  /** The slots parameters send to, a switch's values when on included, each at its place in the manifest. */
  private paramSenders(params: ParamSpec[]): SlotSender[] {
    return params.flatMap((p) => {
      const at = this.wireAt.get(p) ?? [];
      const own = slotSender(p.wire, `parameter "${p.name}"`, at);
      if (p.wire.in !== "switch") return own;
      return p.wire.whenTrue.flatMap((c, i) => slotSender(c, `switch parameter "${p.name}" (when true)`, [...at, "whenTrue", i]));
    });
  }

  private linkConstant(c: WireConstant, at: Path, op: OpenApiOperation): WireConstant | undefined {
    if (c.in === "body") {
      const bodySchema = op.requestBody?.schema;
      const target = bodySchema ? this.doc.schemaAt(bodySchema, parsePointer(c.pointer)) : undefined;
      if (!target) return this.fail([...at, "pointer"], `body field "${c.pointer}" not found in the request body of "${op.operationId}" in ${this.openapiName}`, "value");
      // A JSON body carries the value as written; a form sends it as text.
      if (!this.doc.fits(c.value, target, op.requestBody?.encoding === "form"))
        return this.fail([...at, "value"], `constant ${JSON.stringify(c.value)} does not fit body field "${c.pointer}" (${typeOf(target)}) in ${this.openapiName}`, "value");
      return { in: "body", pointer: c.pointer, value: c.value };
    }
    const declared = declaredParameter(op, c.in, c.name);
    if (!declared) {
      const available = op.parameters.filter((x) => x.in === c.in).map((x) => x.name);
      return this.fail([...at, "name"], `${c.in} parameter "${c.name}" not found in operation "${op.operationId}" of ${this.openapiName} (its ${c.in} parameters: ${available.join(", ") || "none"})`, "value");
    }
    if (!this.doc.fits(c.value, declared.schema, true)) return this.fail([...at, "value"], `constant ${JSON.stringify(c.value)} does not fit ${c.in} parameter "${c.name}" in ${this.openapiName}`, "value");
    return { in: c.in, name: c.name, value: c.value };
  }

  /** Every required path parameter, query/header parameter and body field of the spec is supplied. */
  private checkCoverage(at: Path, op: OpenApiOperation, params: ParamSpec[], constants: WireConstant[]): void {
    const named = new Set<string>();
    const pointers: string[] = [];
    const add = (w: WireSpec | WireConstant) => {
      if (w.in === "path" || w.in === "query" || w.in === "header") named.add(slotKey(w.in, w.name));
      if (w.in === "body") pointers.push(w.pointer);
    };
    for (const p of params) {
      add(p.wire);
      if (p.wire.in === "switch") p.wire.whenTrue.forEach(add);
    }
    constants.forEach(add);
    for (const declared of op.parameters) {
      if ((declared.required || declared.in === "path") && !named.has(slotKey(declared.in, declared.name))) {
        this.fail(at, `${this.openapiName} requires ${declared.in} parameter "${declared.name}" for "${op.operationId}", but no parameter or constant supplies it`);
      }
    }
    const body = op.requestBody;
    if (body?.required && pointers.length === 0) {
      this.fail(at, `${this.openapiName} requires a request body for "${op.operationId}", but no parameter or constant is placed in it`);
    }
    if (body && pointers.length && !pointers.includes("")) {
      // Required fields of every object the manifest writes into.
      const objects = new Set<string>([""]);
      for (const p of pointers) {
        const segs = parsePointer(p);
        for (let i = 1; i < segs.length; i++) objects.add(formatPointer(segs.slice(0, i)));
      }
      for (const objectPointer of objects) {
        const schema = this.doc.schemaAt(body.schema, parsePointer(objectPointer));
        const required = schema ? ((this.doc.flatten(schema).required as string[]) ?? []) : [];
        for (const field of required) {
          const fieldPointer = `${objectPointer}/${field}`;
          if (!pointers.some((p) => p === fieldPointer || p.startsWith(fieldPointer + "/"))) {
            this.fail(at, `${this.openapiName} requires body field "${fieldPointer}" for "${op.operationId}", but no parameter or constant supplies it`);
            continue;
          }
          // Supplied — but always? A constant, a required parameter or a default that is sent always is.
          const always =
            constants.some((c) => c.in === "body" && (c.pointer === fieldPointer || c.pointer.startsWith(fieldPointer + "/"))) ||
            params.some((p) => p.wire.in === "body" && (p.wire.pointer === fieldPointer || p.wire.pointer.startsWith(fieldPointer + "/")) && (p.required || (p.default !== undefined && p.sendDefault !== false)));
          if (!always) {
            for (const p of params.filter((x) => x.wire.in === "body" && x.wire.pointer === fieldPointer)) {
              const where: Path = this.m.params && p.name in this.m.params ? ["params", p.name] : ["operations", String(at[1]), "params", p.name];
              this.fail(where, `${this.openapiName} requires body field "${fieldPointer}" for "${op.operationId}", so "${p.name}" must be required: true or have a default that is sent (the request would go out without it)`);
            }
          }
        }
      }
    }
  }

  /** `declared`: every parameter the manifest names (linked or not), so a broken parameter is reported once. */
  private linkRule(rule: RuleSpec, at: Path, declared: ReadonlySet<string>, params: Map<string, ParamSpec>): RuleSpec | undefined {
    const missing = (name: string, where: Path) => !declared.has(name) && this.fail(where, `unknown parameter "${name}"`, "value") === undefined;
    switch (rule.rule) {
      case "exactlyOne":
        if (rule.params.some((n, i) => missing(n, [...at, "params", i]))) return undefined;
        return { rule: "exactlyOne", params: [...rule.params] };
      case "anyOf":
        if (rule.groups.some((g, i) => g.some((n, j) => missing(n, [...at, "groups", i, j])))) return undefined;
        return { rule: "anyOf", groups: rule.groups.map((g) => [...g]) };
      case "dependentLimits": {
        if (missing(rule.param, [...at, "param"]) || missing(rule.dependsOn, [...at, "dependsOn"])) return undefined;
        const target = params.get(rule.param);
        const selector = params.get(rule.dependsOn);
        if (!target || !selector) return undefined;
        for (const [key, limits] of Object.entries(rule.limits)) {
          if (selector.enum && !selector.enum.map(String).includes(key)) this.fail([...at, "limits", key], `"${key}" is not a value of "${rule.dependsOn}" (${selector.enum.join(", ")})`);
          const numeric = limits.minimum !== undefined || limits.maximum !== undefined;
          const textual = limits.minLength !== undefined || limits.maxLength !== undefined;
          if (numeric && target.type !== "number") this.fail([...at, "limits", key], `minimum and maximum apply to number parameters, and "${rule.param}" is ${target.type}`);
          if (textual && target.type !== "string") this.fail([...at, "limits", key], `minLength and maxLength apply to string parameters, and "${rule.param}" is ${target.type}`);
          // They may only tighten the parameter's own limits (which are at least as strict as the spec's).
          if (limits.minimum !== undefined && target.minimum !== undefined && limits.minimum < target.minimum)
            this.fail([...at, "limits", key, "minimum"], `${limits.minimum} is looser than "${rule.param}"'s minimum ${target.minimum}`, "value");
          if (limits.maximum !== undefined && target.maximum !== undefined && limits.maximum > target.maximum)
            this.fail([...at, "limits", key, "maximum"], `${limits.maximum} is looser than "${rule.param}"'s maximum ${target.maximum}`, "value");
          if (limits.minLength !== undefined && target.minLength !== undefined && limits.minLength < target.minLength)
            this.fail([...at, "limits", key, "minLength"], `${limits.minLength} is looser than "${rule.param}"'s minLength ${target.minLength}`, "value");
          if (limits.maxLength !== undefined && target.maxLength !== undefined && limits.maxLength > target.maxLength)
            this.fail([...at, "limits", key, "maxLength"], `${limits.maxLength} is looser than "${rule.param}"'s maxLength ${target.maxLength}`, "value");
        }
        return { rule: "dependentLimits", param: rule.param, dependsOn: rule.dependsOn, limits: cloneJson(rule.limits) };
      }
      case "allowedValues": {
        if (missing(rule.param, [...at, "param"]) || missing(rule.dependsOn, [...at, "dependsOn"])) return undefined;
        const target = params.get(rule.param);
        const selector = params.get(rule.dependsOn);
        if (!target || !selector) return undefined;
        for (const [key, values] of Object.entries(rule.values)) {
          if (selector.enum && !selector.enum.includes(key)) this.fail([...at, "values", key], `"${key}" is not a value of "${rule.dependsOn}" (${selector.enum.join(", ")})`);
          for (const v of values) {
            if (target.enum && !target.enum.includes(v)) this.fail([...at, "values", key], `${JSON.stringify(v)} is not a value of "${rule.param}" (${target.enum.join(", ")})`);
          }
        }
        return { rule: "allowedValues", param: rule.param, dependsOn: rule.dependsOn, values: cloneJson(rule.values) };
      }
    }
  }

  // ---- outputs ------------------------------------------------------------

  private linkOutput(at: Path, path: string, mop: ManifestOperation, op: OpenApiOperation, params: Map<string, ParamSpec>, status: number | undefined): { spec: OutputSpec; tsType: string } | undefined {
    const out = fieldOf(mop.outputs, path);
    const linked = this.linkSource(out, at, op, params, status, out.type);
    if (!linked) return undefined;
    return {
      spec: { path, type: out.type, description: out.description, optional: Boolean(out.optional), source: linked.source },
      tsType: out.optional ? `NonNullable<${linked.tsType}>`.replace(/^NonNullable<(number|string|boolean)>$/, "$1") : linked.tsType,
    };
  }

  /** Check one output source against the response of `status`; returns its IR and TS type. */
  private linkSource(src: ManifestOutputSource, at: Path, op: OpenApiOperation, params: Map<string, ParamSpec>, status: number | undefined, type: string): { source: OutputSource; tsType: string } | undefined {
    if (src.from === undefined) {
      if (!valueFitsOutputType(src.value, type)) return this.fail([...at, "value"], `constant ${JSON.stringify(src.value)} is not of output type ${type}`, "value");
      return { source: { value: cloneJson(src.value) }, tsType: jsonLiteralType(src.value) };
    }
    let ref: ValueRef;
    try {
      ref = parseExpression(src.from);
    } catch (e) {
      return this.fail([...at, "from"], (e as Error).message, "value");
    }
    const source: OutputSource = {
      expression: src.from,
      ref,
      ...(src.count ? { count: true } : {}),
      ...(src.default !== undefined ? { default: cloneJson(src.default) } : {}),
      ...(src.omit ? { omit: [...src.omit] } : {}),
    };
    let tsType: string;
    let schemaType: string | undefined;
    let schema: Schema | undefined;
    switch (ref.kind) {
      case "status":
        schemaType = "integer";
        tsType = "number";
        break;
      case "header":
        schemaType = "string";
        tsType = "string";
        break;
      case "param": {
        const p = params.get(ref.name);
        if (!p) return this.fail([...at, "from"], `unknown parameter "${ref.name}"`, "value");
        schemaType = p.type === "json" ? (p.jsonType ?? "object") : p.type;
        tsType = paramTsType(p, true);
        break;
      }
      case "body": {
        const response = op.responses.find((r) => Number(r.status) === status);
        if (status === undefined || !response?.schema) return this.fail([...at, "from"], `the ${status ?? "success"} response of "${op.operationId}" in ${this.openapiName} has no JSON body`, "value");
        schema = this.doc.schemaAt(response.schema, ref.pointer);
        if (!schema) {
          return this.fail([...at, "from"], `response field "${formatPointer(ref.pointer)}" not found in the ${status} response of "${op.operationId}" in ${this.openapiName}${this.listProperties(response.schema, ref.pointer)}`, "value");
        }
        schemaType = typeOf(schema);
        tsType = this.bodyTsType(op, status, response.schema, ref.pointer);
        if (!src.count && src.default === undefined && this.doc.isGuaranteed(response.schema, ref.pointer)) (source as { required?: boolean }).required = true;
        break;
      }
    }
    if (src.count) {
      if (schemaType !== "array") return this.fail([...at, "count"], `count needs an array, but the value is ${schemaType ?? "untyped"}`);
      if (type !== "number") return this.fail([...at, "type"], `a count is a number, not ${type}`, "value");
      return { source, tsType: "number" };
    }
    if (src.omit) {
      if (schemaType !== "object" || !schema) return this.fail([...at, "omit"], `omit needs an object, but the value is ${schemaType ?? "untyped"}`);
      const props = Object.keys((this.doc.flatten(schema).properties as object) ?? {});
      for (const key of src.omit) if (!props.includes(key)) this.fail([...at, "omit"], `"${key}" is not a field of the response object (fields: ${props.join(", ")})`);
      tsType = `Omit<${tsType}, ${src.omit.map((k) => JSON.stringify(k)).join(" | ")}>`;
    }
    if (!outputTypeMatches(type, schemaType)) return this.fail([...at, "type"], `output type ${type} disagrees with the source, which is ${schemaType} in ${this.openapiName}`, "value");
    if (src.default !== undefined) {
      if (!valueFitsOutputType(src.default, type)) return this.fail([...at, "default"], `default ${JSON.stringify(src.default)} is not of output type ${type}`, "value");
      tsType = `NonNullable<${tsType}>`;
    }
    return { source, tsType };
  }

  /** `operations["x"]["responses"][200]["content"]["application/json"]["a"]…`, guarding optional steps. */
  private bodyTsType(op: OpenApiOperation, status: number, root: Schema, pointer: string[]): string {
    // openapi-typescript keys content by media type: a vendor type (`application/vnd.x+json`) is its own key.
    const mediaType = op.responses.find((r) => Number(r.status) === status)?.mediaType ?? "application/json";
    let expr = `operations[${JSON.stringify(op.operationId)}]["responses"][${status}]["content"][${JSON.stringify(mediaType)}]`;
    let schema: Schema | undefined = this.doc.flatten(root);
    let optional = false;
    for (const segment of pointer) {
      if (optional) expr = `NonNullable<${expr}>`;
      if (schema && typeOf(schema) === "array") {
        expr = `${expr}[number]`;
        schema = schema.items ? this.doc.flatten(schema.items as Schema) : undefined;
        optional = false;
      } else {
        expr = `${expr}[${JSON.stringify(segment)}]`;
        optional = schema ? !this.doc.isRequired(schema, segment) : true;
        const next = (schema?.properties as Record<string, Schema> | undefined)?.[segment];
        schema = next ? this.doc.flatten(next) : undefined;
      }
    }
    return expr;
  }

  private linkOutcomes(at: Path, mop: ManifestOperation, op: OpenApiOperation, params: Map<string, ParamSpec>, outputs: { spec: OutputSpec }[]): { spec: OutcomeSpec; tsTypes: [string, string][] }[] {
    const result: { spec: OutcomeSpec; tsTypes: [string, string][] }[] = [];
    for (const [statusText, outcome] of Object.entries(mop.outcomes ?? {}).sort()) {
      const where: Path = [...at, "outcomes", statusText];
      const status = Number(statusText);
      if (!op.responses.some((r) => Number(r.status) === status)) {
        this.fail(where, `status ${status} is not declared for "${op.operationId}" in ${this.openapiName}`);
        continue;
      }
      const spec: OutcomeSpec = { status, description: outcome.description, outputs: [] };
      const tsTypes: [string, string][] = [];
      for (const path of Object.keys(outcome.outputs).sort()) {
        const main = outputs.find((o) => o.spec.path === path);
        if (!main) {
          if (!(path in mop.outputs)) this.fail([...where, "outputs", path], `"${path}" is not an output of the operation (outputs: ${Object.keys(mop.outputs).join(", ")})`);
          continue;
        }
        const linked = this.linkSource(fieldOf(outcome.outputs, path), [...where, "outputs", path], op, params, status, main.spec.type);
        if (!linked) continue;
        spec.outputs.push({ path, source: linked.source });
        tsTypes.push([path, linked.tsType]);
      }
      for (const o of outputs) {
        if (!o.spec.optional && !(o.spec.path in outcome.outputs)) this.fail([...where, "outputs"], `required output "${o.spec.path}" has no source for status ${status}`);
      }
      result.push({ spec, tsTypes });
    }
    return result;
  }

  private linkBehavior(at: Path, behavior: NonNullable<ManifestOperation["behavior"]>): NonNullable<ToolSpec["behavior"]> {
    if (behavior.readOnly && behavior.destructive) this.fail([...at, "behavior", "destructive"], "an operation that is readOnly cannot be destructive");
    return { ...behavior };
  }

  private linkPolling(at: Path, mop: ManifestOperation, op: OpenApiOperation, linkedOutputs: { spec: OutputSpec }[]): ToolSpec["polling"] {
    const polling = mop.polling;
    if (!polling) return undefined;
    const output = mop.outputs[polling.output];
    if (!output) return this.fail([...at, "polling", "output"], `"${polling.output}" is not an output of the operation`, "value");
    if (polling.intervalMs < polling.minIntervalMs) this.fail([...at, "polling", "intervalMs"], `${polling.intervalMs} is below minIntervalMs ${polling.minIntervalMs}`, "value");
    const overlap = polling.pending.filter((s) => polling.terminal.includes(s));
    if (overlap.length) this.fail([...at, "polling"], `states ${overlap.join(", ")} are both pending and terminal`);
    // The output as linked (its own problems, such as an expression that does not parse, are reported there).
    const source = linkedOutputs.find((o) => o.spec.path === polling.output)?.spec.source;
    if (source && "ref" in source) {
      const ref = source.ref;
      const response = this.doc.bodyResponse(op);
      const schema = ref.kind === "body" && response ? this.doc.schemaAt(response.schema, ref.pointer) : undefined;
      const allowed = schema ? (this.doc.flatten(schema).enum as unknown[] | undefined) : undefined;
      if (allowed) {
        for (const [key, list] of [
          ["pending", polling.pending],
          ["terminal", polling.terminal],
        ] as const) {
          for (const state of list) if (!allowed.includes(state)) this.fail([...at, "polling", key], `state "${state}" is not a value of "${polling.output}" in ${this.openapiName} (${allowed.join(", ")})`);
        }
      }
    }
    return { ...polling, pending: [...polling.pending], terminal: [...polling.terminal] };
  }
}

// ---- helpers ----------------------------------------------------------------

/** The slot a placement sends to, if it is a path, query or header slot. */
function slotSender(w: WireSpec | WireConstant, who: string, at: Path): SlotSender[] {
  return w.in === "path" || w.in === "query" || w.in === "header" ? [{ in: w.in, name: w.name, who, at }] : [];
}

/** The status whose body outputs read (OpenApiDocument.bodyResponse), else the lowest 2xx (which then has no body to read). */
function bodyStatusOf(doc: OpenApiDocument, op: OpenApiOperation, successStatuses: number[]): number | undefined {
  const response = doc.bodyResponse(op);
  if (response) return Number(response.status);
  return successStatuses.length ? Math.min(...successStatuses) : undefined;
}

/** Every status the operations declare, with the names of its examples (what a mock can be asked for). */
function declaredResponses(ops: OpenApiOperation[]): ToolSpec["responses"] {
  const byStatus = new Map<number, Set<string>>();
  for (const op of ops) {
    for (const r of op.responses) {
      const status = Number(r.status);
      if (!Number.isInteger(status)) continue;
      const names = byStatus.get(status) ?? new Set<string>();
      for (const n of r.exampleNames) names.add(n);
      byStatus.set(status, names);
    }
  }
  return [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, names]) => ({ status, examples: [...names].sort() }));
}

/** The double next to `x`, above it or below it. */
function nextDouble(x: number, up: boolean): number {
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const bits = new DataView(new ArrayBuffer(8));
  bits.setFloat64(0, x);
  // Doubles of one sign are ordered as their bit patterns: one step of the pattern is one step of the value.
  bits.setBigInt64(0, bits.getBigInt64(0) + (x > 0 === up ? 1n : -1n));
  return bits.getFloat64(0);
}

/** Why a pattern is not a usable regular expression (ECMAScript, `u` flag), if it is not. */
function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (e) {
    return `${JSON.stringify(pattern)} is not a valid regular expression (${(e as Error).message})`;
  }
}

/** The runtime's message for a value the parameter refuses, if it does. */
function valueIssue(spec: ParamSpec, value: unknown): string | undefined {
  const checked = checkValue(spec, value);
  return "issue" in checked ? checked.issue.message : undefined;
}

/**
 * A default is written as its type: the runtime would read a caller's "10"
 * as a number, but it sends a default as it is written.
 */
function defaultTypeProblem(spec: ParamSpec, value: unknown): string | undefined {
  if (spec.type === "json" || typeof value === spec.type) return undefined;
  return `${spec.name}: must be a ${spec.type}, written as one (not as text), got ${JSON.stringify(value)}`;
}

function valueFitsOutputType(value: unknown, type: string): boolean {
  switch (type) {
    case "json":
      return true;
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === type;
  }
}

function outputTypeMatches(type: string, schemaType: string | undefined): boolean {
  if (schemaType === undefined) return type === "json";
  switch (type) {
    case "json":
      return schemaType === "object" || schemaType === "array";
    case "array":
      return schemaType === "array";
    case "number":
      return schemaType === "number" || schemaType === "integer";
    default:
      return schemaType === type;
  }
}

/** TypeScript type of a parameter as a caller passes it. */
export function paramTsType(p: ParamSpec, normalized = false): string {
  switch (p.type) {
    case "string":
    case "number":
      return p.enum && !p.caseInsensitive ? p.enum.map((v) => JSON.stringify(v)).join(" | ") : p.type;
    case "boolean":
      return "boolean";
    case "json": {
      const parsed = p.jsonType === "object" ? "Record<string, unknown>" : p.jsonType === "array" ? "unknown[]" : "unknown";
      return normalized || parsed === "unknown" ? parsed : `${parsed} | string`;
    }
  }
}

/** A primitive type and how its literals look: a literal adds nothing next to its primitive type (`number | 0` is `number`). */
const LITERALS_OF: [string, RegExp][] = [
  ["number", /^-?\d/],
  ["string", /^"/],
  ["boolean", /^(true|false)$/],
];

function unionTypes(types: string[]): string {
  const unique = [...new Set(types)].filter((t) => !LITERALS_OF.some(([primitive, re]) => types.includes(primitive) && re.test(t)));
  return unique.length === 1 ? itemAt(unique, 0) : unique.map((t) => (t.includes(" | ") ? `(${t})` : t)).join(" | ");
}

/** A nested TypeScript object type from dotted paths (`metadata.id`). */
export function objectTypeFromPaths(entries: { path: string; optional: boolean; type: string }[]): string {
  interface Node {
    type?: string;
    optional?: boolean;
    children: Map<string, Node>;
  }
  const root: Node = { children: new Map() };
  for (const e of entries) {
    let node = root;
    for (const key of e.path.split(".")) {
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = { children: new Map() }));
      node = child;
    }
    node.type = e.type;
    node.optional = e.optional;
  }
  const render = (node: Node, indent: string): string => {
    const lines = [...node.children.entries()].map(([key, child]) => {
      const type = child.children.size ? render(child, indent + "  ") : defined(child.type, `the type of ${key}`);
      return `${indent}  ${key}${child.optional ? "?" : ""}: ${type};`;
    });
    return `{\n${lines.join("\n")}\n${indent}}`;
  };
  return render(root, "");
}
