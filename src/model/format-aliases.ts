// Formats JSON Schema validators know by another name than the manifest's: ajv-formats' `url` (which the mocks check,
// as Prism does) is an absolute address, and every such value is a `uri`. Read so wherever a document's format
// becomes a manifest's (add's draft, the link's limits inside a JSON value), or a value drawn for the place meets
// no rule the mock holds it to.
import type { ValueFormat } from "@blockwright/runtime/internal";
import { isValueFormat } from "@blockwright/runtime/internal/generate";
import { DURATION_PATTERN } from "./duration-text.js";
import { TIME_PATTERN } from "./time-text.js";

export const FORMAT_ALIASES: Readonly<Record<string, ValueFormat>> = { url: "uri" };

/** The manifest's format for a document's `format`: itself where the manifest has it, else its alias, if any. */
export function valueFormatOf(format: unknown): ValueFormat | undefined {
  if (typeof format !== "string") return undefined;
  if (isValueFormat(format)) return format;
  return Object.hasOwn(FORMAT_ALIASES, format) ? FORMAT_ALIASES[format] : undefined;
}

/**
 * Formats a manifest states as the pattern their values match (add's draft of a top-level parameter, the link's limits
 * inside a JSON value): validators and mocks check them, and the manifest has no name for them.
 */
export const FORMAT_PATTERNS: Readonly<Record<string, string>> = { time: TIME_PATTERN, duration: DURATION_PATTERN };

/** The pattern a document's `format` is stated as, where the manifest states it so. */
export function formatPatternOf(format: unknown): string | undefined {
  return typeof format === "string" && Object.hasOwn(FORMAT_PATTERNS, format) ? FORMAT_PATTERNS[format] : undefined;
}
