// What reaches a tool through add's drafting rules rather than the schema: a value list add reads from a parameter's
// description ("Valid values: a or b", import/draft/prose/value-words.ts) or the lone field of a required body add
// drafts required (import/draft/request-body.ts). The schema comparison sees only the text change there; add's draft
// of the older cut and of the newer (carry-drafts.ts), for a parameter the manifest sends, gives the change `diff`
// reports on the regenerated surface, with the same kind and severity a schema change would have.
import type { ToolSpec, WireSpec } from "@blockwright/runtime/internal";
import { type KindId, kindInfo } from "../changes/kinds.js";
import type { ManifestParam } from "../load/precompiled/manifest-types.js";
import type { UpstreamChange } from "./changes.js";
import { withWordedValues } from "../import/draft/prose/value-words.js";
import { drafted } from "./carry-drafts.js";

/** The two cuts and what they are compared for. */
export interface DraftedInput {
  olderCut: string;
  newerCut: string;
  cutName: string;
  provider: string;
  tools: readonly ToolSpec[];
  /** The path of the document's server (the tools' paths are under it), as upstreamChanges places its changes. */
  serverPath: string;
  /** What the schema comparison found: a change it gives already is not given again. */
  found: readonly UpstreamChange[];
}

const WORDS = "read from the words of its description, as add drafts them";
const SHAPE = "read from the body's shape, as add drafts it: the only field of a required body is required";
const DRAFTED = "as add drafts it from the newer document";

/**
 * The place a drafted parameter's wire names (its name, `/name` in a body, where the wire names none), as a change
 * names it, where the tool sends that same place.
 */
function placeOf(
  mine: WireSpec | undefined,
  theirs: ManifestParam["wire"],
  param: string,
): { location: string; pointer: string } {
  const none = { location: "", pointer: "" };
  if (!mine || !theirs || mine.in !== theirs.in) return none;
  if (mine.in === "body") {
    const pointer = (theirs as { pointer?: string }).pointer ?? `/${param}`;
    return mine.pointer === pointer && pointer !== "/" ? { location: "request.body", pointer } : none;
  }
  const name = (theirs as { name?: string }).name ?? param;
  if (!("name" in mine) || name !== mine.name) return none;
  return { location: `request.parameter.${mine.in}`, pointer: mine.in === "header" ? name.toLowerCase() : name };
}

type Found = { kind: KindId; old?: unknown; new?: unknown; reason: string };

/** Whether the values were read from the words of the drafted text, as add reads them (not the schema's list). */
function worded(p: ManifestParam, name: string): boolean {
  const read = withWordedValues({ type: "string", description: "" }, p.description, name, () => {}).enum;
  return JSON.stringify(read) === JSON.stringify(p.enum);
}

/**
 * The changes of one parameter's drafted enum and required flag, older draft → newer (`name`); `lone`: the newer
 * draft's body has this one field.
 */
function paramChanges(was: ManifestParam, now: ManifestParam, name: string, body: boolean, lone: boolean): Found[] {
  const out: Found[] = [];
  const [a, b] = [was.enum, now.enum];
  const kind = (param: string, property: string) => (body ? property : param) as KindId;
  const why = worded(now, name) || (a !== undefined && worded(was, name)) ? WORDS : DRAFTED;
  if (!a && b) out.push({ kind: kind("request-parameter-enum-set", "request-property-enum-set"), new: b, reason: why });
  const added = a && b ? b.filter((v) => !a.includes(v)) : [];
  const removed = a && b ? a.filter((v) => !b.includes(v)) : [];
  if (added.length)
    out.push({
      kind: kind("request-parameter-enum-value-added", "request-property-enum-value-added"),
      new: added,
      reason: why,
    });
  if (removed.length)
    out.push({
      kind: kind("request-parameter-enum-value-removed", "request-property-enum-value-removed"),
      old: removed,
      reason: why,
    });
  if (was.required !== true && now.required === true && body)
    out.push({ kind: "request-property-became-required", old: false, new: true, reason: lone ? SHAPE : DRAFTED });
  return out;
}

/** Each change add's drafting rules give a parameter a tool sends, between the older cut's draft and the newer's. */
export function draftedChanges(input: DraftedInput): UpstreamChange[] {
  const asked = input.tools.map((t) => ({ operationId: t.operationId }));
  const older = drafted(input.olderCut, input.cutName, input.provider, asked);
  const newer = drafted(input.newerCut, input.cutName, input.provider, asked);
  // One the newer document names otherwise (renamed-operations.ts): asked by its method and path.
  const at = (t: ToolSpec) => `${t.method.toUpperCase()} ${t.path}`;
  const renamed = input.tools.filter((t) => !newer.has(t.operationId));
  const moved = drafted(
    input.newerCut,
    input.cutName,
    input.provider,
    renamed.map((t) => ({ operationId: at(t) })),
  );
  const newerOf = (t: ToolSpec) => newer.get(t.operationId) ?? moved.get(at(t));
  const given = new Set(input.found.map((c) => `${c.method} ${c.path} ${c.location} ${c.pointer} ${c.kind}`));
  const out: UpstreamChange[] = [];
  for (const tool of input.tools) {
    const [was, now] = [older.get(tool.operationId)?.op.params ?? {}, newerOf(tool)?.op.params ?? {}];
    const method = tool.method.toUpperCase();
    const path = `${input.serverPath.replace(/\/+$/, "")}/${tool.path.replace(/^\/+/, "")}`;
    for (const p of tool.params) {
      const [a, b] = [was[p.name], now[p.name]];
      if (!a || !b) continue;
      const place = placeOf(p.wire as WireSpec, b.wire, p.name);
      if (!place.location || placeOf(p.wire as WireSpec, a.wire, p.name).pointer !== place.pointer) continue;
      const lone = Object.values(now).filter((q) => q.wire?.in === "body").length === 1;
      for (const c of paramChanges(a, b, p.name, place.location === "request.body", lone)) {
        if (given.has(`${method} ${path} ${place.location} ${place.pointer} ${c.kind}`)) continue;
        const { severity, reason } = kindInfo(c.kind);
        out.push({
          ...c,
          severity,
          reason: `${reason}: ${c.reason}`,
          operationId: tool.operationId,
          method,
          path,
          ...place,
          tools: [tool.id],
          binds: [`param ${p.name}`],
        });
      }
    }
  }
  return out;
}
