// Sim (@blockwright/runtime/sim): the request builders, transformResponse and
// block parameters of the files `blockwright generate --target sim` writes.
// Sim's executor sends a ToolConfig's request itself; here its url, headers
// and body are the request executeTool would send (prepared.ts: the values
// checked and the request built as a call builds it, before anything is
// sent), and transformResponse reads Sim's answer as the call reads its own.
// Sending is Sim's (its retries, time-outs, size limits and redirects), and
// an answer that is not 2xx is Sim's to report: its executor reads it as a
// failure before transformResponse, so a manifest's outcomes of such a
// status do not apply there, and its body (Sim's error message and
// `output.data`) is shown as the upstream wrote it: a ToolConfig has no hook
// for it (docs/guides/sim.md). So a tool whose request carries a secret,
// which such a body may echo, is not sent by Sim: the package makes it, and
// every answer is read and its secrets withheld. Nor can what only an
// asynchronous preparation gives come from Sim's synchronous builders: a
// signature made as the request leaves (auth.sigv4, a JWT per request of
// auth.signedJwt: WebCrypto's hashes and signatures), a token an OAuth 2 flow
// obtains (auth.flows), a file read before the request (a multipart or a
// binary body). Such a tool is Sim's directExecution, which Sim's executor
// calls instead of sending a request (its tools/index.ts), and the package's
// executeTool makes the call as it makes any other: signed, its token from
// the executor's token cache, Sim's files read (sim-file.ts), their addresses
// only on the public internet unless BLOCKWRIGHT_FILE_HOSTS allows more.
import type { ExecuteOptions } from "../call/call-types.js";
import type { PrepareOptions, PreparedRequest } from "../execute/prepared.js";
import { ownValue, setOwn } from "../common/own.js";
import type { ToolResult } from "../http/errors.js";
import { chosenAddress } from "./chosen-address.js";
import { simFileValue } from "./sim-file.js";

/** What Sim's ToolConfig response is (its tools/types.ts ToolResponse): the output, or the failure's message. */
export interface SimToolResponse {
  success: boolean;
  output: Record<string, unknown>;
  error?: string;
}

/**
 * A provider package's executeTool (typed per operation there): its `prepare` for the request builders, the call
 * itself for directExecution. Its options are `never` here, as its operation ids and values are: a package built
 * against another copy of the runtime has options of its own declaration (a class's private field differs).
 */
export interface SimExecutor {
  (operationId: never, params: never, options?: never): Promise<unknown>;
  prepare(
    operationId: never,
    params: never,
    options?: PrepareOptions,
  ): PreparedRequest<object> | { failed: Extract<ToolResult, { success: false }> };
}
type Prepare = (
  operationId: string,
  params: Record<string, unknown>,
  options?: PrepareOptions,
) => PreparedRequest<object> | { failed: Extract<ToolResult, { success: false }> };

type Execute = (
  operationId: string,
  params: Record<string, unknown>,
  options?: ExecuteOptions,
) => Promise<ToolResult<object>>;

/** The methods Sim's ToolConfig sends (its `HttpMethod`), which a builder's method is typed as. */
export type SimHttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD";

/** A tool of the package as a ToolConfig's request and transformResponse, or its directExecution. */
export interface SimRequest {
  url(params: object): string;
  /** Where a parameter is named `method`, or a route sends another method: Sim's type, or its ToolConfig refuses it. */
  method(params: object): SimHttpMethod;
  headers(params: object): Record<string, string>;
  body(params: object): string | undefined;
  transformResponse(response: Response, params?: object): Promise<SimToolResponse>;
  /**
   * The call made by the package (signed, its token obtained, its files read, retried and paced as executeTool makes
   * it); Sim sends nothing itself.
   */
  directExecution(params: object, signal?: AbortSignal): Promise<SimToolResponse>;
}

/**
 * The ToolConfig's parameters that are not the operation's own, and its file parameters: `baseUrl`, the one holding
 * an address to send to instead of the provider's; `tokenUrl`, the one holding a token endpoint to ask instead of the
 * OAuth 2 flow's (a sandbox's or a mock's); `files`, the operation's file parameters by name, with Sim's type of each
 * (`file`, one; `file[]`, a list), which Sim gives as its files.
 */
export interface SimToolFields {
  baseUrl?: string;
  tokenUrl?: string;
  files?: Readonly<Record<string, "file" | "file[]">>;
}

/**
 * The request builders of one operation. `params`: the ToolConfig's parameter names (Sim adds keys of its own, such
 * as `_context`, which the call does not take); `fields`: those of them that are not the operation's own, and its
 * files (a name alone: the address field, `baseUrl`). Sim calls each builder with the same values: the request is
 * prepared once for them.
 */
export function simRequest(
  executeTool: SimExecutor,
  operationId: string,
  params: readonly string[],
  fields: string | SimToolFields = {},
): SimRequest {
  const { baseUrl, tokenUrl, files = {} } = typeof fields === "string" ? { baseUrl: fields } : fields;
  const prepare = executeTool.prepare as unknown as Prepare;
  const made = new WeakMap<object, PreparedRequest<object>>();
  const own = params.filter((p) => p !== baseUrl && p !== tokenUrl);
  const address = (values: object) => chosenAddress(baseUrl === undefined ? undefined : ownValue(values, baseUrl));
  const tokenAddress = (values: object) =>
    text("tokenUrl", tokenUrl === undefined ? undefined : ownValue(values, tokenUrl));
  const prepared = (values: object): PreparedRequest<object> => {
    let call = made.get(values);
    if (call) return call;
    const result = prepare(operationId, given(values, own), address(values));
    // Sim reports what a builder throws as the tool's error, before any request.
    if ("failed" in result) throw new Error(result.failed.error.message);
    call = result;
    made.set(values, call);
    return call;
  };
  return {
    url: (values) => prepared(values).request.url,
    method: (values) => prepared(values).request.method as SimHttpMethod,
    headers: (values) => ({ ...prepared(values).request.headers }),
    body: (values) => {
      const { body } = prepared(values).request;
      if (body === undefined || typeof body === "string") return body;
      throw new Error(
        `${operationId}: its request body is not text (a multipart form or a file), which Sim's executor does not send`,
      );
    },
    transformResponse: async (response, values) =>
      simResponse(await prepared(values ?? {}).answer(await ownResponse(response))),
    directExecution: async (values, signal) => {
      const call = given(values, own);
      for (const [name, type] of Object.entries(files)) {
        if (!Object.hasOwn(call, name)) continue;
        const file = simFileValue(name, call[name], type === "file[]");
        // Refused as the runtime refuses a parameter: before anything is sent, naming it.
        if ("problem" in file) return { success: false, output: {}, error: file.problem };
        setOwn(call, name, file.value);
      }
      const options = {
        ...address(values),
        ...tokenAddress(values),
        ...(signal ? { signal } : {}),
        // A Sim agent's model fills a tool's inputs as a workflow does, and Sim cannot say which did: every file
        // address is held to the public internet (validate/file-hosts.ts), as Sim holds the addresses its own tools
        // fetch; the Sim server's operator allows more with BLOCKWRIGHT_FILE_HOSTS.
        ...(Object.keys(files).length ? { fileHosts: { allow: envFileHosts() } } : {}),
      };
      return simResponse(await (executeTool as unknown as Execute)(operationId, call, options));
    },
  };
}

/** The hosts BLOCKWRIGHT_FILE_HOSTS allows (comma-separated), where the runtime has an environment. */
function envFileHosts(): string[] {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return (env?.BLOCKWRIGHT_FILE_HOSTS ?? "").split(",").flatMap((h) => h.trim() || []);
}

/** `{ [option]: value }` for an address given as text, nothing for an input left empty. */
function text<K extends string>(option: K, value: unknown): { [k in K]?: string } {
  return typeof value === "string" && value.trim() !== "" ? ({ [option]: value.trim() } as { [k in K]: string }) : {};
}

/** A call's result as Sim's ToolResponse: the output, or the failure's message. */
function simResponse(result: ToolResult<object>): SimToolResponse {
  return result.success
    ? { success: true, output: result.output as Record<string, unknown> }
    : { success: false, output: {}, error: result.error.message };
}

/**
 * The values the call takes: the tool's parameters Sim gave, an input left empty in the block (`""`, null) as not
 * given.
 */
function given(values: object, params: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of params) {
    const value = ownValue(values, name);
    if (value !== undefined && value !== null && value !== "") setOwn(out, name, value);
  }
  return out;
}

/** Sim hands transformResponse a Response-like object over the answer it read: the answer as a Response of its own. */
async function ownResponse(response: Response): Promise<Response> {
  const empty = response.status === 204 || response.status === 205 || response.status === 304;
  const body = empty ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * How a block input's value becomes its tool parameter's: Sim's short inputs give text. `json`: a JSON parameter
 * whose forms include text (a name or an object), whose code input gives text too.
 */
export type SimInputType = "number" | "boolean" | "json";

/**
 * Each typed input's type: one for every operation, or, for a name whose parameters differ between operations (a
 * number in one, text in another), one per operation id, read for the block's `operation` (none: its text as it is).
 */
export type SimInputTypes = Readonly<Record<string, SimInputType | Readonly<Record<string, SimInputType>>>>;

/**
 * A block's `tools.config.params`: the block's values with the text of its number and boolean inputs as those
 * types (`"10"` → 10, `"true"` → true), and the text of a json input whose forms include text as the object or list
 * it spells (`{"id": "v1"}`; any other text, `ash`, is that text, which the call holds to the forms); text that is no
 * such value is left as it is, for the call to refuse naming the parameter.
 */
export function simBlockParams(values: Record<string, unknown>, types: SimInputTypes): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const operation = ownValue(values, "operation");
  for (const [key, value] of Object.entries(values)) {
    const given = ownValue(types, key) as SimInputTypes[string] | undefined;
    const type =
      typeof given === "object" && given !== null
        ? typeof operation === "string"
          ? (ownValue(given, operation) as SimInputType | undefined)
          : undefined
        : given;
    setOwn(out, key, typeof value === "string" && type !== undefined ? typed(value, type) : value);
  }
  return out;
}

function typed(text: string, type: SimInputType): unknown {
  const t = text.trim();
  if (t === "") return undefined;
  if (type === "json") {
    // Text a text form would take as it is (the call tries text forms first): JSON of an object or a list is that.
    if (!t.startsWith("{") && !t.startsWith("[")) return text;
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return text;
    }
  }
  if (type === "boolean") return t === "true" ? true : t === "false" ? false : text;
  const n = Number(t);
  return Number.isFinite(n) ? n : text;
}
