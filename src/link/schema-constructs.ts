// Schema constructs the OpenAPI version of the document does not allow, each
// refused at its place in the document: `items` given as a list (the tuple
// form of older JSON Schema drafts: OpenAPI 3.0 and 3.1 take one schema,
// 3.1's tuples are `prefixItems`), and in 3.0 a `type` given as a list (3.1
// only). Left in, such a schema reads as no schema at all, and surfaces
// later as a confusing error far from its cause. The walk skips values that
// are not schemas (examples, defaults, enums, extensions).
import type { LinkContext, Path } from "./context.js";

const NOT_SCHEMAS = new Set(["example", "examples", "default", "enum", "const"]);

const found = new WeakMap<object, { path: Path; message: string }[]>();

/** Report each construct the document's OpenAPI version does not allow (the walk is done once per document). */
export function checkSchemaConstructs(ctx: LinkContext): void {
  const data = ctx.doc.source.data as Record<string, unknown>;
  let problems = found.get(data);
  if (!problems) found.set(data, (problems = constructProblems(data, String(data.openapi ?? ""))));
  for (const p of problems) ctx.failInDocument("BW2019", p.path, p.message);
}

/** The constructs of a document (its data, `root`) that its OpenAPI `version` does not allow, each at its path. */
export function constructProblems(root: unknown, version: string): { path: Path; message: string }[] {
  const out: { path: Path; message: string }[] = [];
  const three0 = version.startsWith("3.0");
  // One path, extended and cut back as the walk goes: copied only for a construct found, not at every node.
  const path: Path = [];
  const into = (value: unknown, key: string | number) => {
    path.push(key);
    visit(value);
    path.pop();
  };
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) into(node[i], i);
      return;
    }
    if (!node || typeof node !== "object") return;
    const o = node as Record<string, unknown>;
    const named = path[path.length - 1] === "properties";
    if (Array.isArray(o.items) && !named) {
      out.push({
        path: [...path, "items"],
        message:
          `items is a list (the tuple form), which OpenAPI ${version || "3"} does not allow: ` +
          `give one schema for every item${three0 ? "" : ", or prefixItems for a tuple"}`,
      });
    }
    if (three0 && Array.isArray(o.type) && !named) {
      out.push({
        path: [...path, "type"],
        message:
          `type is a list, which OpenAPI ${version} does not allow (3.1 does): give one type, with nullable: ` +
          `true for null`,
      });
    }
    // `for…in`: Object.keys made an array of the keys at every node of the document (generate's collector runs by the
    // bytes allocated).
    for (const key in o) {
      // In a map of properties, a key is a name (a property may be called `example`).
      if (!Object.hasOwn(o, key) || (!named && (NOT_SCHEMAS.has(key) || key.startsWith("x-")))) continue;
      into(o[key], key);
    }
  };
  visit(root);
  return out;
}
