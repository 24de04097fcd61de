// A deepObject query parameter's example written as the pairs its wire carries (`{"filter[name_eq]": "x"}`), often as
// that object's JSON text (a string): the load's example check found a string, or keys the object does not hold, and
// left it out with a warning, so the mocks and the contract suite had none. Read as the object the pairs write
// (`{name_eq: "x"}`; `filter[a][b]` nested), where every key is the parameter's name and brackets; a JSON text of an
// object as that object.

import { setOwn } from "@blockwright/runtime/internal";

type Json = Record<string, unknown>;

const isNode = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** A key written as the parameter's pairs (`filter[a][b]`): its names inside the brackets, or undefined. */
function bracketNames(name: string, key: string): string[] | undefined {
  if (!key.startsWith(`${name}[`) || !/^(?:\[[^[\]]+\])+$/.test(key.slice(name.length))) return undefined;
  return [...key.slice(name.length).matchAll(/\[([^[\]]+)\]/g)].map((m) => m[1] as string);
}

/** The object the pairs of a parameter's example write; undefined when they are not all its name and brackets. */
function objectOfPairs(name: string, pairs: Json): Json | undefined {
  const out: Json = {};
  for (const [key, value] of Object.entries(pairs)) {
    const names = bracketNames(name, key);
    if (!names) return undefined;
    let node = out;
    // Set as own keys (setOwn): a document's `filter[__proto__][x]` names a field, not the object's prototype.
    for (const inner of names.slice(0, -1)) {
      if (!Object.hasOwn(node, inner)) setOwn(node, inner, {});
      const next = node[inner];
      if (!isNode(next)) return undefined;
      node = next;
    }
    const last = names.at(-1) as string;
    if (Object.hasOwn(node, last)) return undefined;
    setOwn(node, last, value);
  }
  return out;
}

/** A deepObject example as the object it stands for; undefined when it is one already, or none such. */
function readExample(name: string, example: unknown): Json | undefined {
  let value = example;
  if (typeof value === "string" && /^\s*\{/.test(value)) {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!isNode(value) || !Object.keys(value).length) return undefined;
  const pairs = objectOfPairs(name, value);
  return pairs ?? (value !== example ? value : undefined);
}

/** A parameter's examples read (changed in place): whether any was. */
function readParamExamples(param: Json): boolean {
  if (param.in !== "query" || param.style !== "deepObject" || typeof param.name !== "string") return false;
  const name = param.name;
  let changed = false;
  const read = readExample(name, param.example);
  if (read) [param.example, changed] = [read, true];
  if (!isNode(param.examples)) return changed;
  for (const example of Object.values(param.examples)) {
    if (!isNode(example) || example.$ref !== undefined) continue;
    const value = readExample(name, example.value);
    if (value) [example.value, changed] = [value, true];
  }
  return changed;
}

/**
 * The cut's deepObject query parameters (an operation's, a path's, the components') whose examples are their wire's
 * pairs or a JSON text, each read as the object it writes (changed in place): the places changed.
 */
export function withDeepObjectExamplesRead(doc: Json): string[] {
  const places: string[] = [];
  const visit = (params: unknown, where: string) => {
    if (!Array.isArray(params)) return;
    for (const p of params)
      if (isNode(p) && readParamExamples(p)) places.push(`the example of query parameter ${p.name} of ${where}`);
  };
  for (const [path, item] of Object.entries(isNode(doc.paths) ? doc.paths : {})) {
    if (!isNode(item)) continue;
    visit(item.parameters, path);
    for (const [method, op] of Object.entries(item))
      if (isNode(op) && method !== "parameters") visit(op.parameters, `${method.toUpperCase()} ${path}`);
  }
  const components = isNode(doc.components) && isNode(doc.components.parameters) ? doc.components.parameters : {};
  for (const [key, p] of Object.entries(components))
    if (isNode(p) && readParamExamples(p)) places.push(`the example of components.parameters.${key}`);
  return places;
}
