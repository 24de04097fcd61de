// Formats JSON Schema validators know by another name than the manifest's: ajv-formats' `url` (which the mocks check,
// as Prism does) is an absolute address, and every such value is a `uri`. Read so wherever a document's format
// becomes a manifest's (add's draft, the link's limits inside a JSON value), or a value drawn for the place meets
// no rule the mock holds it to.
import type { ValueFormat } from "@blockwright/runtime/internal";
import { isValueFormat } from "@blockwright/runtime/internal/generate";

export const FORMAT_ALIASES: Readonly<Record<string, ValueFormat>> = { url: "uri" };

/** The manifest's format for a document's `format`: itself where the manifest has it, else its alias, if any. */
export function valueFormatOf(format: unknown): ValueFormat | undefined {
  if (typeof format !== "string") return undefined;
  if (isValueFormat(format)) return format;
  return Object.hasOwn(FORMAT_ALIASES, format) ? FORMAT_ALIASES[format] : undefined;
}
