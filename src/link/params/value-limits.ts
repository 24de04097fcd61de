import { canonical } from "../../common/canonical-json.js";
import type { Report } from "../../model/surface-entry.js";
import type { ShapeChange } from "../wire/request-shape.js";

/** A limit the parameter's own limits reported: its place, its keyword and the value it now holds. */
export type OwnLimit = { subject: string; what: string; to: unknown };

/** The parameter's own limits' places, as its value's shape names them (its items `[]`, its map values `.*`). */
const OWN_PLACE: Record<string, string> = { "": "(value)", items: "[]", values: ".*" };
const FIELD_LIMIT = /^field(LimitTightened|LimitLoosened|MinLengthSet|MaxLengthIncreased|MaxItemsIncreased)$/;

/** Remembers each limit change the parameter's own limits report, before passing it on. */
export function ownLimits<K extends string>(said: OwnLimit[], report: Report<K>): Report<K> {
  return (kind, detail) => {
    if (detail?.subject && typeof detail.what === "string")
      said.push({ subject: detail.subject, what: detail.what.replace(/ removed$/, ""), to: detail.to });
    report(kind, detail);
  };
}

/**
 * Whether a change of the value's shape is a limit the parameter's own limits said already: a JSON body list's
 * `minItems` is recorded on the parameter and at its value's root alike, and one change is one line.
 */
export function saidByOwnLimits(c: ShapeChange, subject: string, said: OwnLimit[]): boolean {
  if (!FIELD_LIMIT.test(c.kind) || typeof c.detail.what !== "string") return false;
  return said.some((o) => {
    const rest =
      o.subject === subject
        ? ""
        : o.subject.startsWith(`${subject} `)
          ? o.subject.slice(subject.length + 1)
          : undefined;
    const place = rest === undefined ? undefined : OWN_PLACE[rest];
    return (
      place !== undefined &&
      c.detail.subject === `${subject} ${place}` &&
      o.what === c.detail.what &&
      canonical(o.to) === canonical(c.detail.to)
    );
  });
}
