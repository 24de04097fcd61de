// Whether a case's request body fits what the mock reads: a text at a body parameter's maxLength can be longer than the
// mock takes (a JSON field of `maxLength: 10485760`, 10 MiB, beside the rest of the body), and Prism's server reads at
// most 10 MiB of a request body, answering 413 past it. A case that expects the value accepted sends it only when the
// whole body fits; the step past the bound is still refused before any request. A case is no test of a mock's size.
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";

/** The most bytes of a request body the mocks read (Prism's server's body reader, `10mb`): 413 past it. */
export const MOCK_BODY_BYTES = 10 * 1024 * 1024;

/** Room for the rest of a body beside the values counted: its syntax, a multipart's boundaries and part headers. */
const BODY_ROOM_BYTES = 64 * 1024;

/** The bytes a value takes at most in a body, UTF-8 (a JSON text's escapes aside: the room covers them). */
function bodyShare(p: ParamSpec, value: unknown): number {
  if (value === undefined || p.wire.in !== "body") return 0;
  if (value instanceof Uint8Array) return value.byteLength;
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return Buffer.byteLength(text, "utf8");
}

/** Whether the call with `input` sends a request body the mock reads whole. */
export function fitsMockBody(tool: ToolSpec, input: Record<string, unknown>): boolean {
  let bytes = BODY_ROOM_BYTES;
  for (const p of tool.params) bytes += bodyShare(p, input[p.name]);
  return bytes <= MOCK_BODY_BYTES;
}
