// A text from a source that has no types — the command line's `--param name=value`, an environment variable or a text
// built by interpolation in a workflow's input — read as the parameter's forms say. A parameter with a text form among
// others (the document's oneOf/anyOf, or type list: an id or a name, an amount or `auto`, a date or a timestamp) is a
// JSON parameter, and JSON parameters take JSON text: a text that is JSON text of a value one of its forms takes is
// that value, where that value is a number, a list, an object, true or false, or a text in quotes; any other text (one
// that is no JSON, or JSON of a value no form takes) is the text itself. Why: the command line cannot say "a number" or
// "a text", the same call written as JSON (`--params '{"k": 42}'`, `{"k": "2025-01-02T03:04:05Z"}`) carries the value,
// and the text form is there for what is not another form's value; so `k="2025-01-02T03:04:05Z"`, as a user quotes a
// text in JSON, is the text between the quotes (it went with its quotes, and a dated text form refused it), and `k=42`
// is the number. A number counts only written as that number writes itself (`42`, `-1.5`; not `007`, `1e3`, `5.0`,
// whose number would send other text than the one typed). A parameter of one kind reads a text as its kind does: a text
// parameter takes the text as typed, quotes and all (an entity tag `"v1"`, a search for a phrase), a JSON one parses it
// (json-params.ts). A value a program or a model gives in JSON is typed already: the union's check keeps its string a
// string (param-unions.ts). A parameter that may be null (`nullable`) takes the text `null` as null, a text parameter
// too: its document says null there is a value (a setting cleared), a user typing `null` means it, and the text `null`
// goes as JSON text (`--params '{"name": "null"}'`, or `--param 'name="null"'` to a parameter of forms), as a typed
// caller gives it; a text parameter that may not be null, or whose listed values hold the text `null`, keeps the text.
import type { ParamCall } from "../spec/tool-types.js";
import { checkValue } from "./full-check.js";

/** `value` as the parameter `spec` reads a text with no type (above); any other value as it is. */
export function typedText(spec: ParamCall, value: unknown): unknown {
  // `null` to a parameter null is a value of (`nullable`): JSON's null, as JSON text gives a list; an enum's text
  // stays.
  if (value === "null" && spec.nullable && !spec.enum?.includes("null")) return null;
  const forms = spec.anyOf;
  if (typeof value !== "string" || !forms?.some((f) => f.type === "string")) return value;
  const { anyOf: _forms, ...rest } = spec;
  if (/^[[{"]/.test(value) || value === "true" || value === "false") return jsonText(forms, rest, value);
  const n = Number(value);
  if (value === "" || !Number.isFinite(n) || String(n) !== value) return value;
  const taken = forms.some((f) => f.type === "number" && "value" in checkValue({ ...rest, ...f }, n));
  return taken ? n : value;
}

/** The list, object, quoted text, true or false JSON `text` writes, where a form of its kind takes it; else text. */
function jsonText(forms: NonNullable<ParamCall["anyOf"]>, rest: Omit<ParamCall, "anyOf">, text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (parsed === null || typeof parsed === "number") return text;
  const kind = Array.isArray(parsed) ? "array" : typeof parsed === "object" ? "object" : undefined;
  const taken = forms.some((f) =>
    kind
      ? f.type === "json" && (f.jsonType ?? kind) === kind && "value" in checkValue({ ...rest, ...f }, parsed)
      : f.type === typeof parsed && "value" in checkValue({ ...rest, ...f }, parsed),
  );
  return taken ? parsed : text;
}
