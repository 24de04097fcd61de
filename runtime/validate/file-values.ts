// A file parameter's value, checked before any request: bytes (Uint8Array,
// ArrayBuffer, a Blob or File), an https address (http on loopback: mocks),
// or a path, read on Node only (call/files/file-inputs.ts). A size known here
// (bytes in memory) is held to `maxBytes` at once; a path's or an address's
// size is checked when it is opened, still before the request.
import { isLoopback } from "../http/hosts.js";
import type { Issue } from "../common/issue.js";
import { redactThenCut } from "../common/outgoing-text.js";
import type { ParamCall } from "../spec/tool-types.js";

/** What a file parameter was given, told apart. */
export type FileValue = { bytes: Uint8Array | Blob; name?: string } | { url: URL } | { path: string };

/** A Blob (or File) where the platform has one: the runtime runs without it too (old runtimes, some edge hosts). */
export function isBlob(value: unknown): value is Blob {
  return typeof Blob !== "undefined" && value instanceof Blob;
}

/** Whether a value is bytes a file parameter takes as they are. */
export function isFileBytes(value: unknown): value is Uint8Array | ArrayBuffer | Blob {
  return value instanceof Uint8Array || value instanceof ArrayBuffer || isBlob(value);
}

/**
 * A file parameter's value checked whole: one file, or, a list of files (`multiple`), each item as one (in the files
 * part, so that a package with no file parameter carries none of it).
 */
export function fileValues(
  spec: Pick<ParamCall, "name" | "maxBytes" | "multiple">,
  raw: unknown,
  secrets: readonly string[] = [],
): { issue: Issue } | object {
  if (!spec.multiple) return fileValue(spec, raw, secrets);
  if (!Array.isArray(raw)) {
    const got = raw === null ? "null" : typeof raw;
    const message = `${spec.name}: must be a list of files (bytes, paths or https addresses), got ${got}`;
    return { issue: { param: spec.name, rule: "type", message } };
  }
  for (const item of raw) {
    const checked = fileValue(spec, item, secrets);
    if ("issue" in checked) return checked;
  }
  return {};
}

/** The kind of a file value, or the problem with it (`secrets`: redacted from a value before it is cut to be shown). */
export function fileValue(
  spec: Pick<ParamCall, "name" | "maxBytes">,
  raw: unknown,
  secrets: readonly string[] = [],
): { file: FileValue } | { issue: Issue } {
  const fail = (rule: string, message: string): { issue: Issue } => ({
    issue: { param: spec.name, rule, message: `${spec.name}: ${message}` },
  });
  if (isFileBytes(raw)) {
    const bytes = raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw;
    const size = bytes instanceof Uint8Array ? bytes.byteLength : bytes.size;
    const tooBig = sizeIssue(spec, size);
    if (tooBig) return { issue: tooBig };
    const named = (raw as unknown as { name?: unknown }).name;
    const name = typeof named === "string" && named !== "" ? named : undefined;
    return { file: { bytes, ...(name ? { name } : {}) } };
  }
  if (typeof raw !== "string")
    return fail(
      "type",
      `must be a file: bytes (Uint8Array, ArrayBuffer or Blob), a path, or an https address, ` +
        `got ${raw === null ? "null" : Array.isArray(raw) ? "an array" : typeof raw}`,
    );
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return fail(
        "format",
        `must be a file's path or an https address; ${JSON.stringify(redactThenCut(raw, secrets, 100, false))}` +
          ` is not a valid address`,
      );
    }
    if (url.username || url.password)
      return fail("format", "a file's address must not hold a user name or password (withheld)");
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
      return fail(
        "format",
        `a file's address must be https (http only on a loopback host), got a ${url.protocol} address`,
      );
    }
    return { file: { url } };
  }
  return { file: { path: raw } };
}

/** The problem with a file of `size` bytes, if it is over the parameter's limit. */
export function sizeIssue(spec: Pick<ParamCall, "name" | "maxBytes">, size: number): Issue | undefined {
  if (spec.maxBytes === undefined || size <= spec.maxBytes) return undefined;
  return {
    param: spec.name,
    rule: "maxBytes",
    message: `${spec.name}: the file has ${size} bytes, more than the ${spec.maxBytes} it may have (maxBytes)`,
  };
}
