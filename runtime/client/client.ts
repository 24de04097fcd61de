// A provider client: the connection (credential, address) and the call
// options given once, one method per operation. A generated package passes
// only a table (method name -> tool) and the names of its credential
// parameters; everything else is here, so each package stays thin.
//
// The client's headers, hooks and logger work through the fetch each call
// is given (one per call, wrapping the caller's): the call path itself is
// unchanged. The hooks, the logger and `withResponse` see each call through
// its observer (observe.ts, the `observe` option): the environment's client
// (environment.ts) always has it; a browser's bundle carries it only when
// given, so that a client that observes nothing bundles none of it.
import type { CallSupport, ExecuteOptions } from "../call/single-call.js";
import { runOnce } from "../execute/run-tool.js";
import { readOutputPath } from "../call/map-outputs.js";
import { BY_HAND, type Support } from "../call/support.js";
import { paginateToolDefinition } from "../paging/paginate.js";
import type { ToolCall } from "../spec/tool-types.js";
import { toError } from "./errors.js";
import type { CallOptions, CallState, ClientOptions, ItemsOptions } from "./types.js";

/** Where a client keeps its table (not enumerable): the agent adapters (runtime/adapters/) read its tools from it. */
export const CLIENT_TABLE: unique symbol = Symbol.for("blockwright.client.table");

/** What a generated package says of its client: a method per tool, and the parameters that make the connection. */
export interface ClientTable {
  methods: Record<string, ToolCall>;
  /**
   * The credential's parameters (the static one and every OAuth flow's): a call that gives one replaces the client's as
   * a whole.
   */
  credentials: readonly string[];
  /** The parameter holding the instance address, or those holding its server variables, when the provider has them. */
  address?: string | readonly string[];
  /**
   * The other parameters a call takes from its connection, never from a model (llm/input-schema.ts
   * `connectionParams`: a secret or a person's own value that some tools take beside the credential): each given to the
   * calls of the tools that take it, where a call gives none of its own.
   */
  connection?: readonly string[];
  /**
   * The parts of the runtime's support the provider's tools need (call/support.ts): a package bundles no code for what
   * its provider does not declare.
   */
  support?: Support;
  /** The package's version, said in the User-Agent (client/environment.ts). */
  version?: string;
}

/** A call made ready: its parameters, its options and its observed fetch's state (`keep`: for withResponse). */
type Prepare = (
  input: Record<string, unknown> | undefined,
  callOptions?: CallOptions,
  keep?: boolean,
) => { params: Record<string, unknown>; options: ExecuteOptions & CallSupport; state: CallState };

/**
 * What the process's environment gives a client (client/environment.ts, where there is one: never in a browser):
 * its options with the defaults the environment says, the User-Agent of its requests among its headers.
 */
export type ClientEnvironment = (table: ClientTable, options: ClientOptions) => ClientOptions;

/**
 * A client over `table`: connection parameters (`table.credentials`,
 * `table.address`) in `options` are given to every call that does not give
 * its own; the rest are the calls' default options. A tool whose part of the
 * support `table.support` lacks is refused before any request (support.ts).
 */
export function createClient(table: ClientTable, options: ClientOptions = {}): Record<string, unknown> {
  return clientOf(table, options, BY_HAND);
}

/**
 * The client of a generated package (`create<Provider>`): createClient
 * without the check of its parts, which the generator chose for its tools
 * (src/emit/emit-client.ts supportParts, from the same needs), so that the
 * package bundles none of the check.
 */
export function createPackageClient(table: ClientTable, options: ClientOptions = {}): Record<string, unknown> {
  return clientOf(table, options);
}

/**
 * A client, with what `environment` adds to its options (client/environment.ts); its `withOptions` copies are made the
 * same way.
 */
export function clientOf(
  table: ClientTable,
  options: ClientOptions,
  byHand?: typeof BY_HAND,
  environment?: ClientEnvironment,
): Record<string, unknown> {
  const given = environment?.(table, options) ?? options;
  const {
    headers = {},
    logger,
    hooks,
    observe,
    throwOnError = false,
    ...rest
  } = given as ClientOptions & Record<string, unknown>;
  // Hooks or a logger with nothing to tell them: refused, not silently dropped.
  if ((hooks || logger) && !observe) throw new Error(unobserved(hooks ? "hooks" : "logger"));
  const connection = table.credentials.concat(table.address ?? [], table.connection ?? []);
  const defaults: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) (connection.includes(key) ? defaults : base)[key] = value;
  // One token cache for all the client's calls, as an executor has; the process's rate limiter, which keeps a
  // provider's rate per credential whoever sends (when its provider needs them).
  const { rateLimits, ...support } = table.support ?? {};
  const common: ExecuteOptions & CallSupport = {
    ...byHand,
    ...support,
    ...(support.oauth ? { tokens: support.oauth.tokenCache() } : {}),
    ...(rateLimits ? { limiter: rateLimits.shared() } : {}),
  };

  const client: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(table.methods)) {
    // A call: its connection and options over the client's, its fetch observed (`keep`: the answer kept for
    // withResponse).
    // The shared connection values a call of this tool takes: none of those it does not (no parameter of its own).
    const own = { ...defaults };
    for (const k of table.connection ?? []) if (!tool.params.some((p) => p.name === k)) delete own[k];
    const prepare: Prepare = (input, callOptions = {}, keep = false) => {
      const params = connect(own, input ?? {}, table.credentials);
      const { headers: callHeaders, ...callRest } = callOptions;
      const merged = { ...common, ...base, ...callRest } as ExecuteOptions & CallSupport;
      const state: CallState = { last: undefined, keep, sent: new Map() };
      const all = { ...headers, ...callHeaders };
      const inner = merged.fetch ?? ((r: Request) => fetch(r));
      const observed = observe
        ? observe(inner, {
            operation: tool.id,
            tool,
            hooks,
            logger,
            // The call's connection values and the client's own (a call that gives its own credential still keeps the
            // client's out of what it shows).
            secrets: [
              ...connection.flatMap((k) => [params[k], defaults[k]]).filter((v): v is string => typeof v === "string"),
              ...(merged.secrets ?? []),
            ],
            state,
          })
        : inner;
      // The last of a name wins, whatever its case: a call's header over the client's, the client's over the
      // User-Agent; each before the observer sees the request.
      const names = Object.keys(all).reverse();
      if (names.length || observe)
        merged.fetch = (request) => {
          for (const name of names) if (!request.headers.has(name)) request.headers.set(name, all[name] as string);
          return observed(request);
        };
      return { params, options: merged, state };
    };
    const run = async (
      input: Record<string, unknown> | undefined,
      callOptions: CallOptions | undefined,
      keep: boolean,
    ) => {
      if (keep && !observe) throw new Error(unobserved("withResponse"));
      const call = prepare(input, callOptions, keep);
      const result = await runOnce(tool, call.params, { ...call.options, allPages: false });
      if (!result.success && throwOnError) throw toError(result.error);
      return keep ? { ...result, response: call.state.last } : result;
    };
    const method = (input?: Record<string, unknown>, callOptions?: CallOptions) => run(input, callOptions, false);
    method.withResponse = (input?: Record<string, unknown>, callOptions?: CallOptions) => run(input, callOptions, true);
    // A list's items across pages, or a stream's items (its one answer's `data`).
    const listPath = tool.pagination?.items[0] ?? (tool.stream && "data");
    if (listPath) (method as typeof method & { items: unknown }).items = itemsOf(tool, listPath, prepare);
    client[name] = method;
  }
  // Not enumerable: a client's own keys are its methods. A copy with options changed, made as this client was (a
  // credential given replaces this one's whole).
  const withOptions = (more: ClientOptions = {}) =>
    clientOf(table, connect(options, more as Record<string, unknown>, table.credentials), byHand, environment);
  return Object.defineProperties(client, { [CLIENT_TABLE]: { value: table }, withOptions: { value: withOptions } });
}

/** A method's `items`: a list's items across pages (at `listPath`), or a stream's items. */
function itemsOf(tool: ToolCall, listPath: string, prepare: Prepare) {
  return async function* (input?: Record<string, unknown>, itemsOptions: ItemsOptions = {}) {
    const { maxItems, maxPages, ...callOptions } = itemsOptions;
    const call = prepare(input, callOptions);
    // A stream is one answer: each item as its line arrives (stream-items.ts), the reading held until it is taken;
    // leaving early (maxItems, a break) cancels the call.
    if (!tool.pagination) {
      const run = (onItem: ((item: unknown) => Promise<void>) | undefined, signal: AbortSignal | undefined) =>
        runOnce(tool, call.params, { ...call.options, allPages: false, signal, onItem });
      // Without the files' part (a client made by hand without it), the call refuses as lacking it.
      const files = call.options.files;
      const result = files
        ? yield* files.streamedItems(run, call.options.signal, maxItems)
        : await run(undefined, call.options.signal);
      if (result && !result.success) throw toError(result.error);
      return;
    }
    // The pages stop at maxItems, the last one cut to it (paginate.ts). A failed page is thrown with what came
    // before it. Left out, each cap is undefined: as if not given.
    const pages = { count: 0, items: 0, complete: false };
    for await (const page of paginateToolDefinition(tool, call.params, { ...call.options, maxItems, maxPages })) {
      if (!page.success) throw toError(page.error, pages.count ? { pages } : undefined);
      const list = readOutputPath(page.output as Record<string, unknown>, listPath);
      pages.count++;
      if (!Array.isArray(list)) continue;
      pages.items += list.length;
      yield* list;
    }
  };
}

/**
 * `over` over `base`: a credential `over` gives replaces `base`'s as a whole (alternatives, a token or a flow's
 * parameters, never mix).
 */
function connect(base: object, over: Record<string, unknown>, credentials: readonly string[]): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base, ...over };
  if (credentials.some((k) => over[k] !== undefined))
    for (const k of credentials) if (over[k] === undefined) delete merged[k];
  return merged;
}

/** Why a client without its observer cannot give `what`. */
const unobserved = (what: string) =>
  `${what}: this client observes no call: pass observe (\`observe: observeCalls\`, imported from the provider's ` +
  `package or "@blockwright/runtime/observe"), which a browser's bundle leaves out unless given`;
