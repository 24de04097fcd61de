// `allOf` members that each close the object (`additionalProperties` false or a schema: object-closing.ts), or an
// object closed beside its `allOf`, read as their publisher means them, in a registered lookup (@cfworker/json-schema):
// the request judge's (schema-check.ts) and the mocks' sampler's, which checks each value it makes
// (src/mocks/sample/sample-lookup.ts), so that what a mock makes is held to what Prism is given
// (src/mocks/open-all-of.ts reads the mock's copy alike).
import type { Schema } from "@cfworker/json-schema";
import { closes, closingOver } from "../load/schemas/object-closing.js";

type Registered = Record<string, unknown> & { __absolute_ref__?: string };

const MAX_DEPTH = 8;

/**
 * Each registered `allOf` whose members close the object (`additionalProperties` false or a schema), or closed beside
 * it: by JSON Schema's letter no object with fields of two members is valid; the document means "exactly the fields
 * of all members together" (and of the shapes of a `oneOf` or `anyOf` beside them, a body holding one shape's).
 * The members become open copies (a shared component stays as it is elsewhere), the parent closed over all their
 * fields (a schema closing then holds the fields none lists).
 */
export function withOpenAllOfMembers(lookup: Record<string, Schema | boolean>): void {
  const deref = (node: unknown): Registered | undefined => {
    let current = node as Registered | undefined;
    for (let hops = 0; hops < 16 && current && typeof current.__absolute_ref__ === "string"; hops++)
      current = lookup[current.__absolute_ref__] as Registered | undefined;
    return current && typeof current === "object" ? current : undefined;
  };
  const fields = (members: unknown[], depth: number): string[] =>
    depth > MAX_DEPTH
      ? []
      : members.flatMap((m) => {
          const node = deref(m);
          return node
            ? [
                ...Object.keys((node.properties ?? {}) as object),
                ...(Array.isArray(node.allOf) ? fields(node.allOf, depth + 1) : []),
                // A member's union's shapes (a protobuf `oneof` as `allOf: [{fields}, {oneOf: [...]}]`): a body of one.
                ...(Array.isArray(node.oneOf) ? fields(node.oneOf, depth + 1) : []),
                ...(Array.isArray(node.anyOf) ? fields(node.anyOf, depth + 1) : []),
              ]
            : [];
        });
  // The closings `opened` takes out of the members (and their own members), which the parent then holds.
  const closings = (members: unknown[], depth: number): unknown[] =>
    depth > MAX_DEPTH
      ? []
      : members.flatMap((m) => {
          const node = deref(m);
          if (!node) return [];
          const own = closes(node.additionalProperties) ? [node.additionalProperties] : [];
          return Array.isArray(node.allOf) ? [...own, ...closings(node.allOf, depth + 1)] : own;
        });
  const opened = (member: unknown, depth: number): unknown => {
    const node = deref(member);
    if (!node || depth > MAX_DEPTH) return member;
    const { additionalProperties, __absolute_ref__: _ref, $ref: _r, ...rest } = node;
    const nested = Array.isArray(node.allOf) ? node.allOf.map((x) => opened(x, depth + 1)) : undefined;
    return {
      ...(closes(additionalProperties)
        ? rest
        : { ...rest, ...(additionalProperties !== undefined ? { additionalProperties } : {}) }),
      ...(nested ? { allOf: nested } : {}),
    };
  };
  const seen = new Set<unknown>();
  for (const schema of Object.values(lookup)) {
    if (!schema || typeof schema !== "object" || seen.has(schema)) continue;
    seen.add(schema);
    const node = schema as Registered;
    if (
      !Array.isArray(node.allOf) ||
      !(closes(node.additionalProperties) || node.allOf.some((m) => closes(deref(m)?.additionalProperties)))
    )
      continue;
    const own = (node.properties ?? {}) as Record<string, unknown>;
    // Closed beside its shapes too (`oneOf`/`anyOf`): a body of one shape holds that shape's fields.
    const shapes = [...(Array.isArray(node.oneOf) ? node.oneOf : []), ...(Array.isArray(node.anyOf) ? node.anyOf : [])];
    const names = new Set([...Object.keys(own), ...fields(node.allOf, 0), ...fields(shapes, 0)]);
    node.properties = { ...Object.fromEntries([...names].map((n) => [n, {}])), ...own };
    node.additionalProperties = closingOver([node.additionalProperties, ...closings(node.allOf, 1)]);
    node.allOf = node.allOf.map((m) => opened(m, 1));
  }
}
