// Which resource and role of the stateful mock (mock-state.ts) a request reaches: its method and path matched against
// each resource's collection and item paths, the most literal first (as OpenAPI matches `/pets/mine` before
// `/pets/{id}`, and the judge routes: a collection `/orders/edits` is not a read of the order "edits"), then in the
// document's order.
import type { Resource, Role } from "./mock-resources.js";
import { withoutAlikeMark } from "../load/operation-index.js";
import { pathPattern } from "./routing/path-templates.js";

export interface Hit {
  resource: Resource;
  role: Role;
  /**
   * The record fields the id in the path may name: the resource's, and those of the collection's other item paths the
   * same request matches (`/folders/{folderId}` beside `/folders/{folderPath}`: the wire cannot tell them apart).
   */
  idFields: string[];
  id?: string;
}

interface Route {
  resource: Resource;
  role: Role;
  method: string;
  pattern: RegExp;
  /** The pattern of the path without the mark of one served apart from another alike it. */
  plain: RegExp;
}

/** Each method of each resource, as a route: the most literal path first, then in the document's order. */
export function stateRoutes(resources: readonly Resource[]): Route[] {
  const routes = resources.flatMap((resource) =>
    (Object.entries(resource.methods) as [Role, string][]).map(([role, method]) => {
      const path = role === "create" || role === "list" ? resource.collection : resource.item;
      // Characters of literal text (an alike item's mark aside: it ranks as the item it is served apart from).
      const literal = withoutAlikeMark(path).replace(/\{[^{}]*\}/g, "").length;
      const route = { resource, role, method, pattern: pathPattern(path), plain: pathPattern(withoutAlikeMark(path)) };
      return { route, literal };
    }),
  );
  // (A stable sort: routes of as much literal text keep the document's order.)
  return routes.sort((a, b) => b.literal - a.literal).map((r) => r.route);
}

/** The resource and role the request reaches: the first route that matches (the most literal); undefined if none. */
export function hitOf(routes: readonly Route[], method: string | undefined, path: string): Hit | undefined {
  const route = routes.find((r) => r.method === method && r.pattern.test(path));
  if (!route) return undefined;
  const whole = route.role === "create" || route.role === "list";
  // An item path served apart from one alike it ends with its mark (`/things/{id}/~@id`, mock-document.ts); the
  // request may be either's (the judge sent it on to the first whose rules it meets).
  const plain = withoutAlikeMark(path);
  const id = whole ? undefined : decodeURIComponent(plain.split("/").pop() ?? "");
  const alike = routes.filter(
    (r) =>
      r.method === method &&
      r.role === route.role &&
      r.resource.collection === route.resource.collection &&
      r.plain.test(plain),
  );
  const idFields = [...new Set(alike.map((r) => r.resource.idField))];
  return { resource: route.resource, role: route.role, idFields, ...(id !== undefined ? { id } : {}) };
}
