// The view of a package's client (`create<Provider>`): its table of methods
// (one per operation, named from the tool id), the parameters that make the
// connection, and their types: a credential the provider needs is required,
// and OAuth flows make a union (the token, or exactly one flow's parameters).
import type { CallPart, ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import {
  authParams,
  authWays,
  wayParams,
  oauthParams,
  flowParams,
  CALL_PARTS,
  connectionParams,
  envVariableName,
  needsPart,
  SUPPORT_EXPORTS,
} from "@blockwright/runtime/internal/generate";
import type { OperationIR, ProviderIR } from "../model/ir.js";
import { camelCase } from "../model/naming.js";
import { codeLiteral, commentText, titled } from "./code-text.js";
import { paramTsType } from "./emit-tool-types.js";
import { callerMustGive } from "../model/param-keys.js";

export interface ClientView {
  /** `createAcme`'s `Acme`. */
  factory: string;
  /** The client's type, `AcmeApi`. */
  apiType: string;
  /** The JS table: `{ methods: {...}, credentials: [...], support, version }`. */
  tableLiteral: string;
  connectionType: string;
  connectionKeys: string;
  /** The connection's parameters beyond the credential and the address: a secret or a person's own value. */
  sharedConnection: string[];
  methods: { name: string; title: string; type: string }[];
  /** Whether any operation pages (the README shows `items`). */
  paged: boolean;
  /**
   * The parts of the runtime's support the provider's tools need (runtime/call/support.ts): the package imports these
   * and no other.
   */
  support: { key: string; name: string }[];
  /** The support object's literal (`{ json: jsonParams }`, `{}` when the core runs every tool). */
  supportLiteral: string;
}

/**
 * The parts of the runtime's support a provider's tools need, each by its key and the runtime's export: what the
 * package imports (nothing else is bundled). `problems`: an operation declares an error answer as an RFC 9457 problem
 * (OperationIR.problemAnswers).
 */
export function supportParts(tools: readonly ToolSpec[], problems = false): { key: string; name: string }[] {
  // The parts a call may need (runtime/call/support.ts PARTS, the record the by-hand check reads too), the request
  // rate's limiter and RFC 9457 problems.
  const needs = {
    ...Object.fromEntries(CALL_PARTS.map((part) => [part, tools.some((t) => needsPart(t, part))])),
    rateLimits: tools.some((t) => t.rateLimits?.requestsPerMinute !== undefined),
    problems,
  } as Record<CallPart | "rateLimits" | "problems", boolean>;
  const names: Record<keyof typeof needs, string> = { ...SUPPORT_EXPORTS, rateLimits: "RateLimiter" };
  // A tool that sends XML: the request bodies that write it too, and the check of what XML cannot carry before a call
  // (runtime/call/xml/xml-body.ts); a package whose tools send none bundles neither.
  const xml = tools.some((t) => t.body?.encoding === "xml");
  if (xml) names.bodies = "xmlBodies";
  // A tool that answers server-sent events: the files support with their parser; a package without one bundles none.
  if (tools.some((t) => t.stream?.events)) names.files = "eventFileSupport";
  return [
    ...(Object.keys(needs) as (keyof typeof needs)[]).filter((k) => needs[k]).map((key) => ({ key, name: names[key] })),
    ...(xml ? [{ key: "partsCheck", name: "xmlTextCheck" }] : []),
  ];
}

/**
 * The method name of a tool: its id without the provider prefix, camelCase (`acme_list_items` → `listItems`); the
 * whole id where what is left starts with a digit (`acme_4o_feed`, an operationId `4oD_Feed`), which names no property
 * a caller can write after a dot, nor an unquoted key of the client's table.
 */
export function methodName(toolId: string, provider: string): string {
  const short = camelCase(toolId.startsWith(`${provider}_`) ? toolId.slice(provider.length + 1) : toolId);
  return /^[0-9]/.test(short) ? camelCase(toolId) : short;
}

export function clientView(ir: ProviderIR, constName: (op: OperationIR) => string, version: string): ClientView {
  const tool = ir.operations[0]?.tool;
  const tools = ir.operations.map((op) => op.tool);
  const credentials = tool ? providerCredentials(tools) : [ir.auth.param];
  // The instance address, or the parameters of the server variables the address is made of; with an operation's own
  // (an instance address, a template's variables), every tool's, each given once to the client.
  const variables = Object.values(tool?.server.variables ?? {});
  const own = [...new Set(tools.flatMap(addressParams))];
  const first = tool?.server.param ?? (variables.length ? variables : undefined);
  const address = own.length > (first === undefined ? 0 : typeof first === "string" ? 1 : first.length) ? own : first;
  // A secret or a person's own value some tools take beside the credential: the client carries it too, as the agent
  // adapters, which give a model none of it, need.
  const shared = sharedConnection(tools);
  const keys = [
    ...credentials,
    ...(address === undefined ? [] : typeof address === "string" ? [address] : address),
    ...shared,
  ];
  // A client's own method (withOptions) is no operation's name.
  const taken = new Set<string>(["withOptions"]);
  const methods = ir.operations.map((op) => {
    let name = methodName(op.tool.id, ir.provider);
    // Two ids that read the same once camelCased keep their full ids.
    if (taken.has(name)) name = camelCase(op.tool.id);
    taken.add(name);
    const input = `ClientInput<${op.types.paramsName}, ${keys.map((k) => JSON.stringify(k)).join(" | ")}>`;
    const list = op.tool.pagination?.items[0] ?? (op.tool.stream ? "data" : undefined);
    const type =
      list !== undefined
        ? `PagedMethod<${input}, ${op.types.outputName}, ${itemType(op.types.outputName, list)}, Throws>`
        : `Method<${input}, ${op.types.outputName}, Throws>`;
    return { name, title: commentText(titled(op.tool.title, op.tool.description)), type, op };
  });
  const lines = methods.map((m) => `    ${m.name}: ${constName(m.op)}`);
  const addressLiteral =
    address === undefined
      ? undefined
      : typeof address === "string"
        ? codeLiteral(address)
        : `[${address.map((a) => codeLiteral(a)).join(", ")}]`;
  const tableLiteral =
    `{\n  methods: {\n${lines.join(",\n")}\n  },\n  credentials: [` +
    `${credentials.map((c) => codeLiteral(c)).join(", ")}]` +
    `${addressLiteral !== undefined ? `,\n  address: ${addressLiteral}` : ""}` +
    `${shared.length ? `,\n  connection: [${shared.map((c) => codeLiteral(c)).join(", ")}]` : ""}` +
    `,\n  support: ${ir.names.camel}Support,\n  version: ${codeLiteral(version)}\n}`;
  const support = supportParts(
    ir.operations.map((op) => op.tool),
    ir.operations.some((op) => op.problemAnswers),
  );
  return {
    factory: ir.names.pascal,
    apiType: `${ir.names.pascal}Api`,
    tableLiteral,
    connectionType: tool ? withShared(providerConnectionType(tools), tools, shared) : "Record<string, never>",
    connectionKeys: keys.map((k) => JSON.stringify(k)).join(" | "),
    sharedConnection: shared,
    methods: methods.map(({ name, title, type }) => ({ name, title, type })),
    paged: methods.some((m) => m.op.tool.pagination || m.op.tool.stream),
    support,
    supportLiteral: support.length ? `{ ${support.map((p) => `${p.key}: ${p.name}`).join(", ")} }` : "{}",
  };
}

/**
 * The README's client example: the factory, the credential from the environment, a call, and a paging operation's
 * items.
 */
export function clientExample(ir: ProviderIR, exampleOf: (tool: ToolSpec, p: ParamSpec) => string) {
  const first = ir.operations[0]?.tool;
  if (!first) return null;
  const tools = ir.operations.map((op) => op.tool);
  // A call's required inputs, the connection's left to the client.
  const args = (tool: ToolSpec) => {
    const connection = new Set([
      ...connectionCredentials(tool),
      ...(tool.server.param ? [tool.server.param] : []),
      ...Object.values(tool.server.variables ?? {}),
    ]);
    const given = tool.params.filter((p) => callerMustGive(p) && !connection.has(p.name));
    return given.length ? `{ ${given.map((p) => `${p.name}: ${exampleOf(tool, p)}`).join(", ")} }` : "{}";
  };
  const paged = ir.operations.find((op) => op.tool.pagination)?.tool;
  const address = ir.server.default
    ? undefined
    : first.params.filter(
        (p) => p.name === first.server.param || Object.values(first.server.variables ?? {}).includes(p.name),
      );
  // A provider id that is a reserved word is no variable name.
  const variable = RESERVED.has(ir.names.camel) ? `${ir.names.camel}Api` : ir.names.camel;
  return {
    factory: `create${ir.names.pascal}`,
    variable,
    // Every parameter of the first way (a key and its client id, a basic credential's user and password).
    credential: wayParams(authWays(first.auth)[0] ?? first.auth)
      .map((name) => {
        const p = first.params.find((q) => q.name === name);
        return `${name}: ${p ? exampleOf(first, p) : '"…"'}`;
      })
      .join(", "),
    address: address?.length ? address.map((p) => `${p.name}: ${exampleOf(first, p)}`).join(", ") : null,
    call: { method: methodName(first.id, ir.provider), args: args(first) },
    // The environment variable of each credential parameter (a client made without a credential reads them:
    // runtime/client/environment.ts).
    variables: providerCredentials(ir.operations.map((op) => op.tool)).map((param) => ({
      param,
      variable: envVariableName(ir.provider, param),
    })),
    // The other connection parameters (a secret or a person's own value some operations take), each read where not
    // given (runtime/client/environment.ts).
    sharedVariables: sharedConnection(tools).map((param) => ({ param, variable: envVariableName(ir.provider, param) })),
    items: paged ? { method: methodName(paged.id, ir.provider), args: args(paged) } : null,
  };
}

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof let new null return static super switch this throw true try typeof var void " +
    "while with yield await"
  ).split(" "),
);

/**
 * The parameters that make a client's connection: every way's credentials (a key with its client id, a basic user),
 * then the OAuth flows'.
 */
function connectionCredentials(tool: ToolSpec): string[] {
  return [...new Set([...authParams(tool.auth), ...oauthParams(tool)])];
}

/**
 * The connection's parameters of a provider's tools together: operations whose security differs (an admin operation
 * that takes another key than the rest) each read their own, and a client given only the first tool's could not send
 * the others' credential at all.
 */
function providerCredentials(tools: readonly ToolSpec[]): string[] {
  return [...new Set(tools.flatMap(connectionCredentials))];
}

/**
 * What a client of these tools needs to connect: the one tool's connection where every tool's is the same; where
 * operations differ in how they authenticate, each credential optional (a call whose credential was not given is
 * refused naming it, before any request), the address as before.
 */
function providerConnectionType(tools: readonly ToolSpec[]): string {
  const types = [...new Set(tools.map(connectionType))];
  const first = tools[0];
  if (types.length === 1 || !first) return types[0] ?? "Record<string, never>";
  const addresses = [...new Set(tools.flatMap(addressParams))];
  return `{ ${[...providerCredentials(tools), ...addresses].map((n) => optionalField(tools, n)).join("; ")} }`;
}

/** `"name"?: <its type>`: a connection field a call may give instead, typed as the first tool taking it has it. */
function optionalField(tools: readonly ToolSpec[], name: string): string {
  const p = tools.flatMap((t) => t.params).find((q) => q.name === name);
  return `${JSON.stringify(name)}?: ${p ? paramTsType(p) : "string"}`;
}

/** The parameters tools take from their connection, never from a model, beyond the credential and the address. */
function sharedConnection(tools: readonly ToolSpec[]): string[] {
  const taken = new Set([...providerCredentials(tools), ...tools.flatMap(addressParams)]);
  return [...new Set(tools.flatMap((t) => connectionParams(t).map((p) => p.name)))].filter((n) => !taken.has(n));
}

/** The connection's type with each shared parameter, optional (a call of a tool that takes it may give its own). */
function withShared(type: string, tools: readonly ToolSpec[], shared: readonly string[]): string {
  if (!shared.length) return type;
  return `(${type}) & { ${shared.map((n) => optionalField(tools, n)).join("; ")} }`;
}

/** The parameters a tool's address is made of: the instance address's, or its server variables'. */
function addressParams(tool: ToolSpec): string[] {
  return tool.server.param ? [tool.server.param] : Object.values(tool.server.variables ?? {});
}

/** The type of one item of the list output at `path` (dotted). */
function itemType(outputName: string, path: string): string {
  return `${path.split(".").reduce((t, key) => `NonNullable<${t}[${JSON.stringify(key)}]>`, outputName)}[number]`;
}

/**
 * What the client needs to connect: the credential (required when the tool
 * requires it), or with OAuth flows one of the alternatives — the token, or
 * every parameter of one flow — the others' names excluded; the instance
 * address, optional (a call may give it, or `baseUrl`).
 */
export function connectionType(tool: ToolSpec): string {
  const param = (name: string) => tool.params.find((p) => p.name === name);
  const field = (name: string, required: boolean) => {
    const p = param(name);
    return `${JSON.stringify(name)}${required ? "" : "?"}: ${p ? paramTsType(p) : "string"}`;
  };
  const address = addressParams(tool).length
    ? ` & { ${addressParams(tool)
        .map((n) => field(n, false))
        .join("; ")} }`
    : "";
  const ways = authWays(tool.auth).map(wayParams);
  if (!tool.oauth && ways.length === 1)
    return `{ ${(ways[0] ?? []).map((n) => field(n, param(n)?.required ?? true)).join("; ")} }${address}`;
  const all = connectionCredentials(tool);
  const alternative = (required: string[], optional: string[]) => {
    const fields = [
      ...required.map((n) => field(n, true)),
      ...optional.map((n) => field(n, false)),
      ...all.filter((n) => !required.includes(n) && !optional.includes(n)).map((n) => `${JSON.stringify(n)}?: never`),
    ];
    return `{ ${fields.join("; ")} }`;
  };
  // Each way of the auth (its parameters together), then each OAuth flow's.
  const alternatives = ways.map((way) => alternative(way, []));
  // A call may give no credential at all (authOptional): none of them.
  if (tool.authOptional) alternatives.push(alternative([], []));
  for (const flow of tool.oauth?.flows ?? []) {
    const needed = flowParams(flow);
    const extra = [
      ...(flow.grant === "refreshToken" && flow.clientSecret ? [flow.clientSecret] : []),
      ...(flow.grant === "jwtBearer" && flow.audience?.param ? [flow.audience.param] : []),
    ].filter((n) => !needed.includes(n));
    alternatives.push(alternative([...needed], extra));
  }
  const union = [...new Set(alternatives)].join(" | ");
  return address ? `(${union})${address}` : union;
}
