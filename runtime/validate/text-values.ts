// A text from a source that has no types — the command line's `--param name=value`, an environment variable or a text
// built by interpolation in a workflow's input — read as the parameter's forms say. A parameter that is a number or a
// text (the document's oneOf/anyOf, or type list, of a number and a string: an id or a name, an amount or `auto`) takes
// the text as a number when it is one written as that number writes itself (`42`, `-1.5`; not `007`, `1e3`, `5.0`,
// whose number would send other text than the one typed) and a number form takes it (its limits, integer); else the
// text. Why a number: the command line cannot say "a number", the same call written as JSON (`--params '{"k": 42}'`)
// carries the number, and the string form of such a schema is there for what is not a number; a text that would change
// on the wire stays as typed. A parameter that is a text or a list (or an object: one id or several, `"a"` or
// `["a", "b"]`) takes JSON text of a list or an object as that value where a form of its kind takes it, as a parameter
// of that kind alone reads the text (json-params.ts): the command line has no other way to give the list, and a text
// form is there for the one value. A value a program or a model gives in JSON is typed already: the union's check keeps
// its string a string (param-unions.ts). A parameter that may be null (`nullable`) takes the text `null` as null, a
// text parameter too: its document says null there is a value (a setting cleared), a user typing `null` means it, and
// the text `null` goes as JSON text (`--params '{"name": "null"}'`), as a typed caller gives it; a text parameter that
// may not be null, or whose listed values hold the text `null`, keeps the text.
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
  if (/^[[{]/.test(value)) return jsonText(forms, rest, value);
  const n = Number(value);
  if (value === "" || !Number.isFinite(n) || String(n) !== value) return value;
  const taken = forms.some((f) => f.type === "number" && "value" in checkValue({ ...rest, ...f }, n));
  return taken ? n : value;
}

/** The list or object JSON `text` writes, where a form of its kind takes it; else the text. */
function jsonText(forms: NonNullable<ParamCall["anyOf"]>, rest: Omit<ParamCall, "anyOf">, text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  if (parsed === null || typeof parsed !== "object") return text;
  const kind = Array.isArray(parsed) ? "array" : "object";
  const taken = forms.some(
    (f) => f.type === "json" && (f.jsonType ?? kind) === kind && "value" in checkValue({ ...rest, ...f }, parsed),
  );
  return taken ? parsed : text;
}
