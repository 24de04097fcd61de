// What `add --force` replaces in a manifest that is already there: its
// credential (`auth`) and each operation's outputs, said aloud instead of
// swapped silently. `upstream <p> <newer> --accept` keeps the manifest.
import { plain } from "../changes/kinds.js";
import { INPUT_LIMITS, parseYamlSource } from "../load/yaml-source.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
// Read as every manifest is (its aliases bounded): one that cannot be read is said to replace everything.
const read = (text: string): Json => {
  try {
    return object(parseYamlSource(text, "manifest.yaml", INPUT_LIMITS.manifest).data);
  } catch {
    return {};
  }
};
const oneLine = (v: unknown) => JSON.stringify(v ?? null);

/** One line per thing the new draft changes in the manifest it replaces: its auth, an operation's outputs. */
export function replacedParts(before: string, after: string): string[] {
  const a = read(before);
  const b = read(after);
  const lines: string[] = [];
  if (oneLine(a.auth) !== oneLine(b.auth))
    lines.push(`the credential (auth) changes from ${oneLine(a.auth)} to ${oneLine(b.auth)}`);
  const ops = (m: Json) => object(m.operations);
  for (const [id, op] of Object.entries(ops(a))) {
    const next = ops(b)[id];
    if (next === undefined) {
      lines.push(`operation ${id} is no longer in the manifest`);
      continue;
    }
    const before = Object.keys(object(object(op).outputs));
    const after = Object.keys(object(object(next).outputs));
    const removed = before.filter((o) => !after.includes(o));
    const added = after.filter((o) => !before.includes(o));
    if (removed.length || added.length)
      lines.push(
        `the outputs of ${id} ` +
          `change:${removed.length ? ` ${removed.join(", ")} removed` : ""}` +
          `${removed.length && added.length ? ";" : ""}${added.length ? ` ${added.join(", ")} added` : ""}`,
      );
  }
  // Names come from the manifest: escaped where they would break the line.
  return lines.map(plain);
}
