// A parameter's placeholder (the example text an empty input shows) read as a
// value of its type: the derived suite calls with it, so generate holds it to
// the parameter's own rules as it holds a default and an example.
import type { ParamSpec } from "@blockwright/runtime/internal";

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
