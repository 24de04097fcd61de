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

/** The status a mock answers with its `default` response: the first from 400 up the operation does not declare. */
export function defaultStandIn(tool: Pick<ToolSpec, "responses">): number {
  const declared = new Set(tool.responses.map((r) => r.status));
  let status = 400;
  while (declared.has(status) && status < 599) status++;
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
  return [code !== undefined ? `code=${code}` : "", mock.example ? `example=${mock.example}` : ""]
    .filter(Boolean)
    .join(", ");
}

/**
 * The query keys Prism reads a mock answer from (`__code`, `__example`, `__dynamic`, `__seed`): they steer a mock, and
 * are no parameter of any API.
 */
export const MOCK_STEERING_KEYS: readonly string[] = ["__code", "__example", "__dynamic", "__seed"];

/**
 * An address with a mock answer (`code=400, example=card_declined`) asked as Prism's query keys, after the query it
 * has.
 */
export function withMockSteering(url: string, answer: string): string {
  const pairs = answer
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf("=");
      return (
        `__${encodeURIComponent(eq < 0 ? p : p.slice(0, eq))}=` + `${encodeURIComponent(eq < 0 ? "" : p.slice(eq + 1))}`
      );
    });
  if (!pairs.length) return url;
  const hash = url.indexOf("#");
  const base = hash < 0 ? url : url.slice(0, hash);
  return `${base}${base.includes("?") ? "&" : "?"}${pairs.join("&")}${hash < 0 ? "" : url.slice(hash)}`;
}
