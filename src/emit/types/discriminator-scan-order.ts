// The document's schemas in the order openapi-typescript's discriminator scan needs them.
//
// The scan (scanDiscriminators) takes a schema as one of a discriminated family when an `allOf` member it refs already
// is, in one walk in the document's key order. A family whose links come before their parents (`Answer: allOf
// [Response]`, `Response: allOf [Identifiable]`, `Identifiable: allOf [ResponseBase]`, ResponseBase discriminated by
// `_type`; alphabetical) lost its discriminator from the first link the walk met early: the transform typed `Answer`
// as `Omit<Response, "_type">` without a `_type` of its own, and every schema built on it had none, though the
// package's output types read `_type` there (TS2339 in index.d.ts). The scan is given a view of the document with its
// components first and each schema after those its `allOf` members ref; the schemas themselves are the document's, so
// what the scan writes into them (their discriminator's values) is where the transform reads it.

type Node = Record<string, unknown>;

const SCHEMA_PREFIX = "#/components/schemas/";

/** `document` as the scan should walk it: itself when it has no component schemas. */
export function inScanOrder(document: unknown): unknown {
  const root = document as { components?: Node };
  const schemas = root.components?.schemas as Node | undefined;
  if (!schemas || typeof schemas !== "object") return document;
  const ordered: Node = {};
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (Object.hasOwn(ordered, name) || visiting.has(name) || !Object.hasOwn(schemas, name)) return;
    visiting.add(name);
    for (const parent of allOfParents(schemas[name])) place(parent);
    ordered[name] = schemas[name];
  };
  for (const name in schemas) if (Object.hasOwn(schemas, name)) place(name);
  const { components, ...rest } = document as Node;
  return { components: { ...(components as Node), schemas: ordered }, ...rest };
}

/** The component schemas the `allOf` lists inside `schema` ref (not through other refs), in order. */
function allOfParents(schema: unknown): string[] {
  const parents: string[] = [];
  const stack: unknown[] = [schema];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    const record = node as Node;
    if (Array.isArray(record.allOf))
      for (const item of record.allOf) {
        const ref = (item as { $ref?: unknown } | null)?.$ref;
        if (typeof ref === "string" && ref.startsWith(SCHEMA_PREFIX)) parents.push(componentName(ref));
      }
    for (const key in record) if (Object.hasOwn(record, key) && key !== "$ref") stack.push(record[key]);
  }
  return parents;
}

/** The component's name a `#/components/schemas/<name>` ref gives, as the scan reads it (`~1` a slash, `~0` tilde). */
function componentName(ref: string): string {
  return ref.slice(SCHEMA_PREFIX.length).replaceAll("~1", "/").replaceAll("~0", "~");
}
