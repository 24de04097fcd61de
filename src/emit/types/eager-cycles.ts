// Component schemas that reference themselves where TypeScript resolves a type at once.
//
// openapi-typescript writes each component as a member of `interface components { schemas: { … } }` and a reference
// as an indexed access of it (`components["schemas"]["Value"]`). Inside an object's members TypeScript defers that
// access, so a record holding a list of itself compiles; at a union's, an intersection's or a list's top it does not,
// and a JSON value written as one of several kinds or a list of itself (`Value: oneOf [string, number, {type: array,
// items: Value}]`) made the package's declarations fail to compile (TS2502: referenced directly or indirectly in its
// own type annotation). In the types' copy each such reference that closes a cycle is an unconstrained schema (the
// list's items `unknown`), the cycle's other kinds kept.

type Node = Record<string, unknown>;

const PREFIX = "#/components/schemas/";
/** The keywords whose schemas TypeScript meets at once from their holder's type (no object's member between). */
const EAGER_LISTS = ["oneOf", "anyOf", "allOf", "prefixItems"] as const;
const EAGER_ONES = ["items", "not"] as const;

/** `document` with the references that close such a cycle cut (copied on the way to each); itself when none does. */
export function withoutEagerCycles(document: unknown): unknown {
  const schemas = (document as { components?: { schemas?: Node } }).components?.schemas;
  if (!schemas || typeof schemas !== "object") return document;
  const edges = new Map<string, Set<string>>();
  for (const name in schemas) if (Object.hasOwn(schemas, name)) edges.set(name, eagerRefs(schemas[name]));
  const cyclic = cyclicGroups(edges);
  if (!cyclic.size) return document;
  const cut: Node = { ...schemas };
  for (const name of cyclic.keys()) cut[name] = withCut(schemas[name], cyclic.get(name) as number, cyclic);
  const components = (document as { components: Node }).components;
  return { ...(document as Node), components: { ...components, schemas: cut } };
}

/** The component names `schema` references at once (through its unions, intersection and lists, not its members). */
function eagerRefs(schema: unknown, into = new Set<string>()): Set<string> {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return into;
  const record = schema as Node;
  const name = componentOf(record.$ref);
  if (name !== undefined) into.add(name);
  for (const key of EAGER_LISTS)
    if (Array.isArray(record[key])) for (const member of record[key] as unknown[]) eagerRefs(member, into);
  for (const key of EAGER_ONES) {
    const value = record[key];
    if (Array.isArray(value)) for (const member of value) eagerRefs(member, into);
    else eagerRefs(value, into);
  }
  return into;
}

/** The same eager walk, copying on the way: each reference to a component of `group` made `{}`. */
function withCut(schema: unknown, group: number, groups: ReadonlyMap<string, number>): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const record = schema as Node;
  const name = componentOf(record.$ref);
  if (name !== undefined && groups.get(name) === group) return {};
  let copy: Node | undefined;
  const set = (key: string, value: unknown) => {
    if (value !== record[key]) (copy ??= { ...record })[key] = value;
  };
  for (const key of EAGER_LISTS)
    if (Array.isArray(record[key])) {
      const members = record[key] as unknown[];
      const cut = members.map((member) => withCut(member, group, groups));
      if (cut.some((member, i) => member !== members[i])) set(key, cut);
    }
  for (const key of EAGER_ONES) {
    const value = record[key];
    if (Array.isArray(value)) {
      const cut = value.map((member) => withCut(member, group, groups));
      if (cut.some((member, i) => member !== value[i])) set(key, cut);
    } else set(key, withCut(value, group, groups));
  }
  return copy ?? schema;
}

function componentOf(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(PREFIX)) return undefined;
  const rest = ref.slice(PREFIX.length);
  return rest.includes("/") ? undefined : rest.replaceAll("~1", "/").replaceAll("~0", "~");
}

/**
 * The names in a cycle of `edges`, each with its group's number (Tarjan's strongly connected components, iterative):
 * a group of two or more, or one name that references itself.
 */
function cyclicGroups(edges: ReadonlyMap<string, Set<string>>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups = new Map<string, number>();
  let next = 0;
  let group = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: [string, Iterator<string>][] = [];
    const enter = (name: string) => {
      index.set(name, next);
      low.set(name, next++);
      stack.push(name);
      onStack.add(name);
      work.push([name, (edges.get(name) ?? new Set<string>()).values()]);
    };
    enter(root);
    while (work.length) {
      const [name, targets] = work[work.length - 1] as [string, Iterator<string>];
      const step = targets.next();
      if (!step.done) {
        const target = step.value;
        if (!edges.has(target)) continue;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(name, Math.min(low.get(name) as number, index.get(target) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1]?.[0];
      if (parent !== undefined) low.set(parent, Math.min(low.get(parent) as number, low.get(name) as number));
      if (low.get(name) !== index.get(name)) continue;
      const members: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        members.push(member);
        if (member === name) break;
      }
      if (members.length > 1 || edges.get(name)?.has(name)) {
        for (const member of members) groups.set(member, group);
        group++;
      }
    }
  }
  return groups;
}
