// TypeScript object literals of plain data for the platforms' files, written
// as their authors write them (and as n8n's linter reads them, by the names
// of keys): keys that are identifiers bare, strings in double quotes through
// codeLiteral (no text from the inputs can end one early), and names the
// file declares or imports placed as they are.
import { codeLiteral } from "../code-text.js";

/** A name of the generated file (an import, a constant) placed as it is, never text from the inputs. */
export class Code {
  constructor(readonly code: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `value` as a literal, laid out two spaces per level from `indent`; undefined members are left out. */
export function tsLiteral(value: unknown, indent = ""): string {
  if (value instanceof Code) return value.code;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    if (value.every((v) => v === null || typeof v !== "object" || v instanceof Code)) {
      const flat = `[${value.map((v) => tsLiteral(v)).join(", ")}]`;
      if (flat.length <= 100) return flat;
    }
    return `[\n${value.map((v) => `${inner}${tsLiteral(v, inner)},`).join("\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return "{}";
    // `__proto__: v` would set the prototype: such a key is written computed, defining the property as the data has it.
    const key = (k: string) => (k === "__proto__" ? `[${codeLiteral(k)}]` : IDENTIFIER.test(k) ? k : codeLiteral(k));
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${tsLiteral(v, inner)},`).join("\n")}\n${indent}}`;
  }
  return codeLiteral(value);
}
