// A parameter the newer document adds under a name the manifest already gives a parameter sent elsewhere (a new
// query parameter `branch` beside the body field `branch` the manifest sends): skipped for its name, it was never
// offered and the report said nothing of it. It is added under a name of its own, by its place (`queryBranch`, as add
// names a declared parameter apart from the credential's), its wire name written out so it still sends `branch`.
import type { ManifestParam } from "../load/precompiled/manifest-types.js";
import { paramName } from "../import/draft/param-names.js";

/** `name` and `p` as the manifest can hold them beside the names in `taken`. */
export function apartParam(name: string, p: ManifestParam, taken: ReadonlySet<string>): [string, ManifestParam] {
  const w = p.wire;
  if (!w || w.in === "switch") return [paramName(name, taken), p];
  const apart = paramName(`${w.in}${name.charAt(0).toUpperCase()}${name.slice(1)}`, taken);
  if (w.in === "body") {
    const fields = "otherFields" in w && w.otherFields;
    const pointer = "pointer" in w && w.pointer !== undefined ? w.pointer : undefined;
    if (fields || pointer !== undefined) return [apart, p];
    return [apart, { ...p, wire: { ...w, pointer: `/${name.replaceAll("~", "~0").replaceAll("/", "~1")}` } }];
  }
  return [apart, { ...p, wire: { ...w, name: "name" in w && w.name !== undefined ? w.name : name } }];
}
