// A file parameter whose bytes go as text (a whole body of a `text/*` type, such as a CSV or a text beside a JSON body,
// or a multipart part typed `text/*`): a model, which gives a file only as its https address, may give the text itself
// instead. Any string that is no http(s) address is that text, sent as its UTF-8 bytes typed as the text type.
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";

/** What a model's schema is made from: the tool's parameters, and its body (which says what goes as text). */
export type SchemaTool = Pick<ToolSpec, "params"> & Partial<Pick<ToolSpec, "body">>;

/** The `text/*` type a file parameter's bytes go as, where they go as text; else undefined. */
export function textFileType(
  tool: Partial<Pick<ToolSpec, "body">>,
  p: Pick<ParamSpec, "type" | "multiple" | "contentType" | "wire">,
): string | undefined {
  if (p.type !== "file" || p.multiple) return undefined;
  const body = tool.body;
  const form = body?.raw ?? (body?.encoding === "binary" ? body : undefined);
  const whole = p.wire.in === "body" && p.wire.pointer === "";
  const types = whole ? (form ? [form.mediaType, ...(form.mediaTypes ?? [])] : []) : (p.contentType ?? "").split(",");
  return types.map((t) => t.trim()).find((t) => /^text\/[^*]/i.test(t));
}

/** A model's text for such a parameter (a string that is no http(s) address): its UTF-8 bytes, of the text type. */
export function modelTextFile(
  tool: Partial<Pick<ToolSpec, "body">>,
  p: Pick<ParamSpec, "type" | "multiple" | "contentType" | "wire">,
  value: unknown,
): Blob | undefined {
  const type = typeof value === "string" && !/^https?:\/\//i.test(value) ? textFileType(tool, p) : undefined;
  return type === undefined ? undefined : new Blob([value as string], { type });
}

/** What a model is told of a file parameter: its address, or for a text file the text itself too. */
export function fileNote(textType: string | undefined): string {
  return textType
    ? `The text itself (sent as ${textType}), or its https address: the tool fetches it and uploads its content.`
    : "The file's https address: the tool fetches it and uploads its content.";
}
