// A tool's failure in one line, as `run`'s table shows it and serve logs and
// keeps it: its kind, the upstream's status and code, then its message
// (`upstream 429 rate_limited: slow down`). The upstream's own message alone
// ("slow down") says neither that the upstream answered nor with what.
import type { ToolError } from "@blockwright/runtime/internal";

/** `<type>[ <status>][ <code>]: <message>`. */
export function toolErrorText(error: Pick<ToolError, "type" | "status" | "code" | "message">): string {
  const status = error.status ? ` ${error.status}` : "";
  return `${error.type}${status}${error.code ? ` ${error.code}` : ""}: ${error.message}`;
}
