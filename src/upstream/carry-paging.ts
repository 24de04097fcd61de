// What `upstream --accept` carries of paging add drafted from the older document that reads a field the newer answer
// no longer has (a `nextUrl`'s address, a cursor, an end flag), sends a request parameter the newer one no longer takes
// (a page number become a cursor) or gathers an output taken out (carry.ts): the newer
// draft's paging where its list outputs and page size parameter are the operation's, else taken out. Kept, the
// manifest would no longer link (BW2003).
import { parseExpression } from "@blockwright/runtime/internal";
import type { ManifestOperation, ManifestParam } from "../load/precompiled/manifest-types.js";

/** What the paging's carry writes through (carry.ts' Carrier). */
export interface PagingCarrier {
  /** Whether the operation, as carried so far, has the output or parameter `name`. */
  has(key: "params" | "outputs", name: string): boolean;
  /** The paging set to `now`, or taken out where it is undefined, noted with `why`. */
  paging(now: unknown, why: string): void;
}

/** Whether `place` reads a field of the answer's body that the newer answer no longer has (not when it cannot tell). */
export function bodyFieldGone(
  place: string,
  status: number | undefined,
  has: (status: number | undefined, pointer: readonly string[]) => boolean | undefined,
): boolean {
  let ref: ReturnType<typeof parseExpression>;
  try {
    ref = parseExpression(place);
  } catch {
    return false;
  }
  return ref.kind === "body" && ref.pointer.length > 0 && has(status, ref.pointer) === false;
}

/** Every place a value of `value` names (a paging's address, cursor, end flag, total), at any depth. */
function placesIn(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("$response.") ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(placesIn);
  return value !== null && typeof value === "object" ? Object.values(value).flatMap(placesIn) : [];
}

/** Where a parameter of a draft goes: its wire's place and name (its own name where the wire names none). */
function placesOf(op: ManifestOperation): Set<string> {
  return new Set(
    Object.entries(op.params ?? {}).map(([key, p]) => {
      const w = (p.wire ?? {}) as { in?: string; name?: string };
      return `${w.in} ${w.name ?? key}`;
    }),
  );
}

/**
 * What of the request the paging sends that is gone: the page number, offset or cursor parameter of the older draft
 * that the newer draft has no more (a page number become a cursor), or a page size parameter taken out above.
 */
function sentGone(
  held: NonNullable<ManifestOperation["pagination"]>,
  was: ManifestOperation,
  now: ManifestOperation,
  carried: (param: string) => boolean,
): string[] {
  const out: string[] = [];
  if ("send" in held && held.send.in !== "body") {
    const place = `${held.send.in} ${held.send.name}`;
    if (placesOf(was).has(place) && !placesOf(now).has(place))
      out.push(`the newer document's request has no ${held.send.in} parameter ${held.send.name}`);
  }
  if (held.pageSize !== undefined && Object.hasOwn(was.params ?? {}, held.pageSize) && !carried(held.pageSize))
    out.push(`its page size parameter ${held.pageSize} was taken out`);
  return out;
}

/**
 * Paging the manifest holds as add drafted it from the older document that reads a field the newer answer no longer
 * has, sends a request parameter the newer document no longer takes, or gathers an output taken out above: the newer
 * draft's paging where its list outputs and page size parameter are the operation's (as carried), else taken out.
 */
export function carryPaging(
  carry: PagingCarrier,
  mine: ManifestOperation,
  shared: Record<string, ManifestParam>,
  was: ManifestOperation,
  now: ManifestOperation,
  has: (pointer: readonly string[]) => boolean | undefined,
): void {
  const held = mine.pagination;
  if (!held || JSON.stringify(held) !== JSON.stringify(was.pagination)) return;
  const fields = placesIn(held)
    .filter((place) => bodyFieldGone(place, undefined, (_status, pointer) => has(pointer)))
    .map((place) => place.slice(place.indexOf("#") + 1));
  const lists = held.items.filter((name) => Object.hasOwn(mine.outputs ?? {}, name) && !carry.has("outputs", name));
  const sent = sentGone(held, was, now, (name) => carry.has("params", name) || Object.hasOwn(shared, name));
  if (!fields.length && !lists.length && !sent.length) return;
  const why = [
    ...(fields.length ? [`the newer document's answer has no field ${[...new Set(fields)].join(" nor ")}`] : []),
    ...(lists.length ? [`its list output ${lists.join(", ")} was taken out`] : []),
    ...sent,
  ].join("; ");
  const next = now.pagination;
  const fits =
    next !== undefined &&
    JSON.stringify(next) !== JSON.stringify(held) &&
    next.items.every((name) => carry.has("outputs", name)) &&
    (!("pageSize" in next) ||
      next.pageSize === undefined ||
      carry.has("params", next.pageSize) ||
      Object.hasOwn(shared, next.pageSize));
  carry.paging(fits ? next : undefined, why);
}
