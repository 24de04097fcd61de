// An XML body's unwrapped lists whose items have one element name (a cluster's roles to add and to remove, each item
// `<IamRoleArn>`): OpenAPI names an unwrapped list's items by the items' `xml.name`, so the elements say not which list
// each is, and a read gives each list all of them. A list went intact when its items are a run of those read, in order
// (the contract's sent values, kinds/request.ts, and the read-back, read-back.ts).
import { isDeepStrictEqual } from "node:util";
import { parsePointer, type ToolSpec, type XmlNode } from "@blockwright/runtime/internal";

/** Whether `want` is a run of `got`'s items, side by side and in order (no empty run). */
export function sentAsRun(got: readonly unknown[], want: readonly unknown[]): boolean {
  if (!want.length) return false;
  for (let start = 0; start + want.length <= got.length; start++)
    if (want.every((item, i) => isDeepStrictEqual(got[start + i], item))) return true;
  return false;
}

/**
 * Whether the XML body's list at `pointer` is unwrapped and its items' element name is another unwrapped list's of the
 * same element (the tool's body parameters beside it): OpenAPI names an unwrapped list's items by the items'
 * `xml.name`, so both write the same elements.
 */
export function sharedXmlItems(tool: ToolSpec, pointer: string): boolean {
  const xml = tool.body?.encoding === "xml" ? tool.body.xml : undefined;
  if (!xml) return false;
  const segments = [...parsePointer(pointer)];
  const last = segments.pop();
  if (last === undefined) return false;
  const parent = segments.join("/");
  let node: XmlNode | undefined = xml;
  for (const key of segments) node = node?.fields?.[key];
  const itemName = (key: string): string | undefined => {
    const child = node?.fields?.[key];
    return child?.wrapped || child?.attribute ? undefined : (child?.items?.name ?? child?.name ?? key);
  };
  const own = itemName(last);
  // A wrapped list (or an attribute) writes elements of its own name: none another list shares.
  if (own === undefined) return false;
  return tool.params.some((p) => {
    if (p.wire.in !== "body") return false;
    const at = [...parsePointer(p.wire.pointer)];
    const key = at.pop();
    return key !== undefined && key !== last && at.join("/") === parent && itemName(key) === own;
  });
}
