// A Sim tool's file parameter as executeTool takes it. Sim hands a file
// parameter one of its UserFile objects (`{ id, name, url, key, size, type,
// base64? }`, its executor/types.ts), a list of them for `file[]`, or their
// JSON text (Sim's own tools parse it: blocks/utils.ts normalizeFileInput).
// A file whose content came with it (`base64`: Sim adds it to the outputs of
// a run that includes files' content) is those bytes, with its name and type;
// one at an absolute address (a presigned storage link) is that address, which
// the runtime fetches without any credential and without following redirects;
// one at an address of Sim's own (`/api/files/serve/…`, read only by a person
// signed in to Sim) cannot be read here. Text that is no address is refused:
// executeTool reads a path from the disk, and Sim's server's disk is not a
// place a workflow's or a model's value may read.
import { fromBase64 } from "../triggers/signature.js";
import { isFileBytes } from "../validate/file-values.js";

/**
 * A file parameter's value as executeTool takes it, or why Sim's value cannot be one (naming the parameter). `list`:
 * the parameter takes a list of files (Sim's `file[]`); one that takes one file takes a list of one as that file
 * (Sim's file inputs give lists).
 */
export function simFileValue(param: string, value: unknown, list = false): { value: unknown } | { problem: string } {
  const text = typeof value === "string" ? value.trim() : undefined;
  if (text !== undefined && /^[[{]/.test(text)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { problem: `${param}: its text starts as JSON (a Sim file's) but is not JSON` };
    }
    return typeof parsed === "string"
      ? { problem: `${param}: must be a Sim file, got JSON text` }
      : simFileValue(param, parsed, list);
  }
  if (Array.isArray(value)) {
    if (!list && value.length !== 1) return { problem: `${param}: takes one file, got a list of ${value.length}` };
    const files: unknown[] = [];
    for (const item of value) {
      if (Array.isArray(item) || (typeof item === "string" && /^[[{]/.test(item.trim())))
        return { problem: `${param}: a list of files holds files, not lists or JSON text` };
      const one = simFileValue(param, item);
      if ("problem" in one) return one;
      files.push(one.value);
    }
    return { value: list ? files : files[0] };
  }
  if (text !== undefined)
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
      ? { value: text }
      : {
          problem:
            `${param}: must be a Sim file (a file input, or a block's file output) or an https address; text ` +
            `that is neither is not read as a path on Sim's server`,
        };
  if (isFileBytes(value)) return { value };
  if (value === null || typeof value !== "object")
    return {
      problem: `${param}: must be a Sim file or an https address, got ${value === null ? "null" : typeof value}`,
    };
  return userFile(param, value as Record<string, unknown>);
}

/** One of Sim's UserFile objects as bytes with its name and type, or as its absolute address. */
function userFile(param: string, file: Record<string, unknown>): { value: unknown } | { problem: string } {
  const name = typeof file.name === "string" && file.name !== "" ? file.name : undefined;
  const type = typeof file.type === "string" ? file.type : "";
  const called = name ? `the Sim file ${JSON.stringify(name.slice(0, 80))}` : "the Sim file";
  if (typeof file.base64 === "string" && file.base64 !== "") {
    // A data URL's head (data:<type>;base64,) is not the content.
    const bytes = fromBase64(file.base64.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, ""));
    if (!bytes) return { problem: `${param}: ${called} has a base64 content that is not base64` };
    const body = bytes as Uint8Array<ArrayBuffer>;
    return {
      value: typeof File === "function" ? new File([body], name ?? param, { type }) : new Blob([body], { type }),
    };
  }
  const url = typeof file.url === "string" ? file.url.trim() : "";
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return { value: url };
  if (url !== "")
    return {
      problem:
        `${param}: ${called} came without its content (base64) and at an address of Sim's own, which only a ` +
        `person signed in to Sim reads: give the file with its content, or at an https address`,
    };
  return {
    problem: `${param}: must be a Sim file (with its name and its url or base64 content) or an https address`,
  };
}
