// A request's body as the stateful mock reads the fields it sent (mock-state.ts): JSON as parsed, a form's fields
// nested and listed by their brackets, a multipart form's text parts.
type Node = Record<string, unknown>;

/** A request's body as data: JSON, a form's fields (`a[b]=c` nested, `a[0]=c` listed), a multipart's text parts. */
export async function sentData(body: Buffer, type: string): Promise<unknown> {
  // A multipart form's text fields (a file's part is no field of the record), read by fetch's own parser.
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } })
      .formData()
      .catch(() => undefined);
    return form
      ? Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"))
      : undefined;
  }
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    const out: Node = {};
    for (const [name, value] of new URLSearchParams(body.toString("utf8"))) {
      const keys = name.split(/\[|\]\[|\]$/).filter((k, i) => i === 0 || k !== "");
      if (keys.some((k) => k === "__proto__" || k === "constructor" || k === "prototype")) continue;
      let node: Node | unknown[] = out;
      for (const [i, key] of keys.entries()) {
        const slot = Array.isArray(node) ? Number(key) : key;
        if (i === keys.length - 1) (node as Record<string | number, unknown>)[slot] = value;
        else
          node = ((node as Record<string | number, unknown>)[slot] ??= /^\d+$/.test(keys[i + 1] ?? "") ? [] : {}) as
            | Node
            | unknown[];
      }
    }
    return out;
  }
  try {
    return body.length ? JSON.parse(body.toString("utf8")) : undefined;
  } catch {
    return undefined;
  }
}
