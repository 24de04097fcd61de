// Where a resource's record sits in a request's body and in a reply's (mock-state.ts keeps the records): the body
// itself, or the property of its envelope; a reply given the record where it holds one and stays valid.
import type { Reply } from "../mock-paging.js";
import type { Resource } from "../mock-resources.js";

type Node = Record<string, unknown>;

/**
 * The reply's body with the record where it holds one (the record itself, or its envelope's property); undefined where
 * it holds none.
 */
export function inReply(resource: Resource, body: unknown, record: Node): unknown {
  if (!isNode(body)) return undefined;
  const inEnvelope = resource.envelope !== undefined && isNode(body[resource.envelope]);
  if (!inEnvelope && !(resource.idField in body)) return undefined;
  return inEnvelope ? { ...body, [resource.envelope as string]: record } : record;
}

/**
 * The reply holding the record where it holds one (the record itself, or its envelope's property), when that fits its
 * schema.
 */
export function withRecord(resource: Resource, reply: Reply, record: Node, fits: (body: unknown) => boolean): void {
  // An answer drawn without the id (its fields all optional: Prism drew `{}`) holds the record where it fits.
  const candidate = inReply(resource, reply.body, record) ?? (isNode(reply.body) ? record : undefined);
  if (candidate === undefined || !fits(candidate)) return;
  reply.body = candidate;
  reply.bodyChanged = true;
}

/** A reply's body (`base`) holding the record: the record itself, or in its envelope's property. */
export function enveloped(resource: Resource, base: unknown, record: Node): unknown {
  return resource.envelope ? { ...(isNode(base) ? base : {}), [resource.envelope]: record } : record;
}

/** The fields a request sent (out of the envelope the record sits in, when it sends one). */
export function sentFields(resource: Resource, sent: unknown): Node {
  if (!isNode(sent)) return {};
  const inner = resource.envelope !== undefined ? sent[resource.envelope] : undefined;
  return isNode(inner) ? inner : sent;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
