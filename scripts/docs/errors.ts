// docs/reference/errors.md: the types of a ToolError and every code the
// runtime itself gives one (runtime/http/error-codes.ts).
import { ERROR_TYPES, NOT_SENT_CODES, RUNTIME_ERROR_CODES } from "@blockwright/runtime/internal";
import { cell, generatedHeader } from "./markdown.js";

export function errorsPage(): string {
  const retryable = (r: boolean | "maybe") => (r === "maybe" ? "depends" : r ? "yes" : "no");
  return [
    generatedHeader("runtime/http/error-codes.ts"),
    "",
    "# Runtime error codes",
    "",
    "A call that fails returns `{success: false, error}` and never throws. The error has one shape for every",
    "provider ([its fields](../guides/packages-and-publishing.md#using-a-generated-package)); " +
      "its `type` says what kind of failure",
    "it is, and `code`, when present, which one.",
    "",
    "## Types",
    "",
    "| `type` | Meaning |",
    "|---|---|",
    ...Object.entries(ERROR_TYPES).map(([type, meaning]) => `| \`${type}\` | ${cell(meaning)} |`),
    "",
    "## Codes the runtime gives",
    "",
    "| `code` | `type` | Retryable | Meaning | What to do |",
    "|---|---|---|---|---|",
    ...Object.entries(RUNTIME_ERROR_CODES).map(
      ([code, info]) =>
        `| \`${code}\` | \`${info.type}\` | ${retryable(info.retryable)} | ${cell(info.meaning)} | ${cell(info.fix)} |`,
    ),
    "",
    "## Other codes",
    "",
    "- **The upstream's own**, on an `upstream` error: read from the error body as the manifest's `errors.code` says",
    "  (`INVALID_SESSION_ID`, `RESOURCE_EXHAUSTED`, …), with `status`, `message` and `requestId` beside it.",
    "- **A token endpoint's OAuth 2 error**, on an `auth` error: its `error` field (`invalid_scope`, …).",
    `- **The system's**, on a \`network\` error: the code of the failed connection. ` +
      `${[...NOT_SENT_CODES].map((c) => `\`${c}\``).join(", ")}`,
    "  mean the request never left, so nothing was applied; after any other network error, a request that is not safe",
    "  to repeat (a POST or PATCH without an idempotency key) says `mayHaveBeenApplied: true`.",
    "",
  ].join("\n");
}
