// Files in an application/x-www-form-urlencoded body: a text format, so a file field's value is the file's bytes
// written as text (OpenAPI 3.1.1, "Encoding the x-www-form-urlencoded Media Type"): base64 or base64url where the
// field's contentEncoding says so (BodySpec `fileTexts`), else the bytes themselves, each percent-encoded as the form
// encoding writes a byte (RFC 3986's unreserved characters as they are). The pairs follow the other fields', as a
// multipart body's files follow its other parts.
import { percentEncoded } from "../../http/percent-encoding.js";
import { parsePointer } from "../../http/expressions.js";
import { toBase64 } from "../../triggers/signature.js";
import type { ToolCall } from "../../spec/tool-types.js";

/** What a form's file is here (file-inputs.ts OpenedFile, which imports this module). */
interface FormFile {
  blob: Blob;
  formText?: string;
}

/** The pair value of a form's file: its bytes as base64 (or base64url) text, or percent-encoded as they are. */
export function formFileText(bytes: Uint8Array, encoding: "base64" | "base64url" | undefined): string {
  if (encoding === "base64") return percentEncoded(toBase64(bytes));
  if (encoding === "base64url") return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  let text = "";
  for (const byte of bytes) {
    const c = String.fromCharCode(byte);
    text += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return text;
}

/** The field a form's file parameter goes into, when the tool's body is a form; undefined otherwise. */
export function formFileField(tool: Pick<ToolCall, "body">, spec: ToolCall["params"][number]): string | undefined {
  if (tool.body?.encoding !== "form" || spec.type !== "file" || spec.wire.in !== "body") return undefined;
  return parsePointer(spec.wire.pointer)[0];
}

/** An opened file of a form's field, its pair value written (read once, here, where reading may wait). */
export async function withFormText<F extends FormFile>(
  tool: Pick<ToolCall, "body">,
  field: string,
  opened: F,
): Promise<F> {
  const bytes = new Uint8Array(await opened.blob.arrayBuffer());
  return { ...opened, formText: formFileText(bytes, tool.body?.fileTexts?.[field]) };
}

/** The `name=value` pairs of a form's files, in their parameters' order; "" when the call gave none. */
export function formFilePairs(tool: ToolCall, files: ReadonlyMap<string, readonly FormFile[]>): string {
  const pairs: string[] = [];
  for (const spec of tool.params) {
    const field = formFileField(tool, spec);
    if (field === undefined) continue;
    for (const file of files.get(spec.name) ?? [])
      if (file.formText !== undefined) pairs.push(`${percentEncoded(field)}=${file.formText}`);
  }
  return pairs.join("&");
}
