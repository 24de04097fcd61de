// What a block's `mock: {code, example}` asks the mock for, in Prism's
// words (`code=404, example=pending`), sent out of band: as Prism's own query
// keys (`__code`, `__example`), which the mock's request judge takes out
// before it judges, never as a `Prefer` header, which an API may declare and
// need for itself (`Prefer: return=minimal`). A spec may declare its errors only as the `default`
// response (any status it does not list): Prism serves that response for a
// status the operation does not declare, and refuses `code=default`. So
// `code: default`, or the name of an example only the default response has,
// asks for a stand-in status: the first from 400 up that the operation does
// not declare. The error that comes back is the one any such status gives.
import type { ToolSpec } from "../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = [
  "successStatuses",
  "responses",
  "defaultResponse",
] as const satisfies readonly (keyof ToolSpec)[];

export interface MockAnswer {
  code?: number | "default";
  example?: string;
}

/**
 * The status a mock answers with its `default` response: the first from 400 up the operation does not declare, but 407,
 * which fetch turns into a network error (the Fetch standard: a proxy's challenge is never handed to the caller).
 */
export function defaultStandIn(tool: Pick<ToolSpec, "responses">): number {
  const declared = new Set(tool.responses.map((r) => r.status));
  let status = 400;
  while ((declared.has(status) || status === 407) && status < 599) status++;
  return status;
}

/** Whether the answer asks for the spec's `default` response. */
export function asksForDefault(
  tool: Pick<ToolSpec, "responses" | "successStatuses" | "defaultResponse">,
  mock: MockAnswer,
): boolean {
  if (!tool.defaultResponse) return false;
  if (mock.code === "default") return true;
  if (mock.code !== undefined || mock.example === undefined) return false;
  const success = tool.responses.filter((r) => tool.successStatuses.includes(r.status)).flatMap((r) => r.examples);
  return !success.includes(mock.example) && tool.defaultResponse.examples.includes(mock.example);
}

/** A mock answer in Prism's words: `code=404`, `example=pending`, `code=400, example=card_declined`. */
export function mockPrefer(
  tool: Pick<ToolSpec, "responses" | "successStatuses" | "defaultResponse">,
  mock: MockAnswer,
): string {
  const code = asksForDefault(tool, mock) ? defaultStandIn(tool) : mock.code;
  return mockWords(code, mock.example);
}

/**
 * A status and an example's name in Prism's words (`code=400, example=card_declined`): a name holding `,`, `"`, `\`,
 * `=` or an outer space is written as a quoted string (`example="Bitcoin-like, with \"txids\""`), as a Prefer
 * header's value is, so that reading the words back splits where they were joined.
 */
export function mockWords(code: number | string | undefined, example?: string): string {
  const name = example === undefined || !/[,"\\=]|^\s|\s$/.test(example) ? example : JSON.stringify(example);
  return [code !== undefined ? `code=${code}` : "", name ? `example=${name}` : ""].filter(Boolean).join(", ");
}

/** Prism's words read back into their keys and values, a quoted value unquoted (the reverse of mockWords). */
export function readMockWords(words: string): [string, string][] {
  const out: [string, string][] = [];
  const pair = /\s*([^=,]*?)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^,]*?))?\s*(?:,|$)/gy;
  let at = 0;
  while (at < words.length) {
    pair.lastIndex = at;
    const found = pair.exec(words);
    if (!found || pair.lastIndex === at) break;
    at = pair.lastIndex;
    const [, key = "", value = ""] = found;
    if (key) out.push([key, value.startsWith('"') ? unquoted(value) : value]);
  }
  return out;
}

function unquoted(text: string): string {
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.slice(1, -1).replace(/\\(.)/g, "$1");
  }
}

/**
 * The query keys Prism reads a mock answer from (`__code`, `__example`, `__dynamic`, `__seed`): they steer a mock, and
 * are no parameter of any API.
 */
export const MOCK_STEERING_KEYS: readonly string[] = ["__code", "__example", "__dynamic", "__seed"];

/**
 * The query key by which a caller that knows the operation it calls names it to a mock (its tool's `operationId`), out
 * of band, taken out before the request is judged: two operations of one method and path at two addresses (keys told
 * apart by a fragment naming each, `/orders/{id}/cancel#sellerEndpoint`) reach one mock with requests that may meet
 * both, which the mock's judge reads as the one named where its path matches. Every caller that knows it calls a mock
 * names it so (`blockwright test`'s calls, a workflow's blocks under `run --mock` and `serve`'s mock runs): one way.
 */
export const MOCK_OPERATION_KEY = "__operation";

/**
 * An address with a mock answer (`code=400, example=card_declined`) asked as Prism's query keys, and the operation
 * called (`operation`, MOCK_OPERATION_KEY) named, after the query it has.
 */
export function withMockSteering(url: string, answer: string, operation?: string): string {
  const pairs = readMockWords(answer).map(
    ([key, value]) => `__${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  if (operation !== undefined) pairs.push(`${MOCK_OPERATION_KEY}=${encodeURIComponent(operation)}`);
  if (!pairs.length) return url;
  const hash = url.indexOf("#");
  const base = hash < 0 ? url : url.slice(0, hash);
  return `${base}${base.includes("?") ? "&" : "?"}${pairs.join("&")}${hash < 0 ? "" : url.slice(hash)}`;
}
