// Values made from a parameter's own declarations, for the cases no example
// covers: its placeholder read as its type, and values its rules allow (the
// fewest items an array may hold, the low end of a range, each enum value).
import { multipleNear, type ParamSpec } from "@blockwright/runtime/internal";
import { madeStrings } from "../model/string-values.js";

/** The placeholder text as a value of the parameter's type, if it reads as one. */
export function placeholderValue(param: ParamSpec): unknown {
  const text = param.placeholder;
  if (text === undefined) return undefined;
  switch (param.type) {
    case "number":
      return text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : undefined;
    case "boolean":
      return text === "true" ? true : text === "false" ? false : undefined;
    case "json":
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    default:
      return text;
  }
}

/** The simplest value within an array's item limits (an object when they say nothing). */
function simplestItem(items: ParamSpec["items"]): unknown {
  if (items?.enum?.length) return items.enum[0];
  if (items?.type === "number" || items?.type === "integer") return items.minimum ?? (items.maximum !== undefined ? Math.min(items.maximum, 1) : 1);
  if (items?.type === "boolean") return true;
  if (items?.type === "string" || items?.minLength !== undefined || items?.maxLength !== undefined) return "x".repeat(Math.max(1, items?.minLength ?? 1));
  return {};
}

/** Values made from the parameter's own rules, for parameters no example covers. */
export function synthesized(param: ParamSpec): unknown[] {
  // A value of several forms (anyOf): the values of each form, as a parameter of its type.
  if (param.anyOf) return param.anyOf.flatMap((form) => synthesized({ ...param, ...form, anyOf: undefined }));
  switch (param.type) {
    case "boolean":
      return [true, false];
    case "json":
      // An array holds the fewest items it may (`minItems`), each the simplest its item limits allow.
      return param.jsonType === "array" ? [Array.from({ length: param.minItems ?? 0 }, () => simplestItem(param.items))] : [{}];
    case "number": {
      const low = param.minimum ?? (param.maximum !== undefined ? Math.min(param.maximum, 1) : 1);
      // An int64's bound (±2^63) is past what mocks and JSON parsers hold exactly: the nearest safe integer.
      const value = param.integer ? Math.min(Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER) : low;
      return [param.multipleOf === undefined ? value : multipleNear(value, param.multipleOf, true)];
    }
    case "string": {
      if (param.enum) return param.separator === undefined ? [...param.enum] : [param.enum.slice(0, 2).join(param.separator), ...param.enum];
      return madeStrings(param);
    }
    case "file":
      return [sampleFile()];
  }
}

/** The small file the suite uploads for a file parameter: made here, never read from disk (a fresh one per use: a File is not shared between calls). */
export function sampleFile(): File {
  return new File([new TextEncoder().encode("A small file the blockwright contract suite uploads.\n")], "blockwright-sample.txt", { type: "text/plain" });
}
