// The pictures of the platform guides (docs/guides/n8n.md, docs/guides/sim.md):
// a provider's n8n node, its description laid out as n8n's parameter panel
// lays one out, and its Sim block, its sub-blocks as Sim's editor lays them
// out, each rendered in a real browser (Chromium, driven by playwright-core,
// one page for the file: test-support/browser/page.ts). Every property of the
// operation shown is visible, the page logs no error and asks for nothing
// beyond itself. UPDATE_GOLDEN=1 writes the screenshots into docs/images/
// (committed); without it the committed pictures must be there.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ConsoleMessage, Request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { sharedPage } from "../../../test-support/browser/page.js";
import { REPOSITORY, ROOT } from "../../../test-support/repo.js";
import { text } from "../../common/markup-text.js";
import { loadProvider } from "../link-provider.js";
import { n8nNames, n8nNodeView } from "./n8n-node.js";
import { icon as n8nIcon } from "./n8n-package.js";
import type { ProviderIR } from "../../model/ir.js";

/** The provider and the operation pictured: a list operation of a node with resources. */
const PROVIDER = "directory";
const OPERATION = "directory_list_users";

const browser = sharedPage("the platforms' pictures", { viewport: { width: 560, height: 400 }, deviceScaleFactor: 1 });
afterAll(() => browser.close());

const STYLE = `body{margin:0;font:14px/1.4 -apple-system,"Segoe \
UI",Helvetica,Arial,sans-serif;background:#f5f5f7;color:#222}
.panel{width:520px;margin:16px;background:#fff;border:1px solid #ddd;border-radius:8px;overflow:hidden}
.head{display:flex;align-items:center;gap:10px;padding:12px 16px;border-bottom:1px solid \
#eee;font-weight:600;font-size:16px}
.head svg,.head .icon{width:28px;height:28px}.body{padding:8px 16px 16px}
.field{margin:12px 0}.label{font-weight:600;font-size:13px;margin-bottom:4px}.req{color:#d33}
.input{border:1px solid #ccc;border-radius:4px;padding:6px 8px;background:#fff;min-height:18px;color:#333}
.input.empty{color:#999}.hint{font-size:12px;color:#777;margin-top:3px}\
.switch{display:inline-block;width:30px;height:16px;border-radius:8px;background:#ccc;vertical-align:middle}
.button{display:inline-block;border:1px solid #ccc;border-radius:4px;padding:5px 12px;font-size:13px;background:#fafafa}
.menu{margin-top:4px;width:60%;box-shadow:0 2px 6px rgba(0,0,0,.15)}.menu .input{border-radius:0;border-width:0 0 1px}
.outputs{border-top:1px solid #eee;padding:8px 16px 14px;font-size:13px}.outputs code{background:#f2f2f2;padding:1px \
4px;border-radius:3px}`;

function page(title: string, body: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" ` +
    `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"><title>${text(title)}` +
    `</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

const field = (label: string, value: string, options: { required?: boolean; hint?: string; empty?: boolean } = {}) =>
  `<div class="field"><div class="label">${text(label)}` +
  `${options.required ? ' <span class="req">*</span>' : ""}</div><div class="input` +
  `${options.empty ? " empty" : ""}">${value}</div>` +
  `${options.hint ? `<div class="hint">${text(options.hint)}</div>` : ""}</div>`;

type Property = {
  displayName: string;
  name: string;
  type: string;
  default?: unknown;
  placeholder?: string;
  description?: string;
  required?: boolean;
  options?: { name: string; value: unknown }[];
  displayOptions?: { show?: Record<string, unknown[]> };
};

/** The n8n node's panel for one operation: its credential, resource and operation, then each property shown for it. */
function n8nPanel(ir: ProviderIR): string {
  const view = n8nNodeView(ir, n8nNames(ir));
  const props = view.description.properties as Property[];
  // The node's own icon, as the package holds it.
  const icon = n8nIcon(ir, false).replace("<svg ", '<svg class="icon" ');
  const chosen: Record<string, unknown> = { operation: OPERATION };
  const resource = props.find((p) => p.name === "operation" && p.options?.some((o) => o.value === OPERATION))
    ?.displayOptions?.show?.resource?.[0];
  if (resource !== undefined) chosen.resource = resource;
  const shown = (p: Property) =>
    Object.entries(p.displayOptions?.show ?? {}).every(([k, values]) =>
      values.includes(chosen[k] ?? (props.find((q) => q.name === k)?.default as unknown)),
    );
  const rows = [field("Credential to connect with", text(`${ir.name} API account`), { required: true })];
  for (const p of props.filter(shown)) {
    const option = p.options?.find((o) => o.value === (chosen[p.name] ?? p.default));
    // The collection with its "Add Field" list open: the operation's optional parameters without a default.
    if (p.type === "collection") {
      const entries = (p.options ?? [])
        .map((o) => `<div class="input">${text((o as unknown as Property).displayName)}</div>`)
        .join("");
      rows.push(
        `<div class="field"><div class="label">${text(p.displayName)}</div><span class="button">` +
          `${text(p.placeholder ?? "Add Field")} ▾</span><div class="menu">${entries}</div></div>`,
      );
    } else if (p.type === "boolean")
      rows.push(
        field(p.displayName, `<span class="switch"></span>`, { ...(p.description ? { hint: p.description } : {}) }),
      );
    else
      rows.push(
        field(p.displayName, option ? text(option.name) : text(String(p.default ?? "") || p.placeholder || ""), {
          ...(p.required ? { required: true } : {}),
          ...(p.description ? { hint: p.description } : {}),
          empty: !option && !p.default,
        }),
      );
  }
  return page(
    `${ir.name} node`,
    `<div class="panel"><div class="head">${icon}<span>${text(ir.name)}</span></div><div class="body">` +
      `${rows.join("")}</div></div>`,
  );
}

/**
 * The Sim block for one operation: its header in the manifest's colour, then each sub-block shown for it, and its
 * outputs.
 */
function simPanel(ir: ProviderIR): string {
  const inputs = ir.block.inputs.filter(
    (i) =>
      !["allPages", "maxItems", "maxPages"].includes(i.id) && (!i.condition || i.condition.value.includes(OPERATION)),
  );
  const rows = inputs.map((i) => {
    const value =
      i.id === "operation"
        ? text(i.options?.find((o) => o.id === OPERATION)?.label ?? OPERATION)
        : i.control === "switch"
          ? '<span class="switch"></span>'
          : text(i.placeholder ?? (i.password ? "••••••••" : ""));
    const required = i.required === true || (typeof i.required === "object" && i.required.value.includes(OPERATION));
    return field(i.title, value, { required, empty: i.id !== "operation" && i.control !== "switch" });
  });
  const outputs = Object.entries(ir.block.outputs[OPERATION] ?? {}).map(
    ([path, o]) => `<div><code>${text(path)}</code> ${text(o.type)}: ${text(o.description)}</div>`,
  );
  const initial = text((ir.name.match(/[A-Za-z0-9]/)?.[0] ?? "?").toUpperCase());
  const icon =
    `<svg class="icon" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="${text(ir.color)}` +
    `"/><text x="12" y="16.5" fill="#fff" font-size="13" font-weight="700" text-anchor="middle" ` +
    `font-family="Helvetica, Arial, sans-serif">${initial}</text></svg>`;
  return page(
    `${ir.name} block`,
    `<div class="panel"><div class="head">${icon}<span>${text(ir.name)}</span></div><div class="body">` +
      `${rows.join("")}</div><div class="outputs"><div class="label">Outputs</div>${outputs.join("")}` +
      `</div></div>`,
  );
}

describe("the platforms' pictures", async () => {
  const ir = await loadProvider(ROOT, join(ROOT, "specs", PROVIDER));
  const cases = [
    { name: "n8n node", html: () => n8nPanel(ir), image: "docs/images/n8n-node.png" },
    { name: "Sim block", html: () => simPanel(ir), image: "docs/images/sim-block.png" },
  ];
  for (const c of cases) {
    it(
      `the ${c.name}: every input of the operation visible, ` + `no console problem, nothing asked beyond the page`,
      async () => {
        const p = await browser.page();
        const problems: string[] = [];
        const requests: string[] = [];
        const onConsole = (m: ConsoleMessage) =>
          m.type() === "error" || m.type() === "warning" ? problems.push(m.text()) : undefined;
        const onError = (e: Error) => problems.push(e.message);
        const onRequest = (r: Request) => requests.push(r.url());
        p.on("console", onConsole).on("pageerror", onError).on("request", onRequest);
        const html = c.html();
        await p.setContent(html);
        const labels = [...html.matchAll(/<div class="label">([^<]+)/g)].map((m) => m[1]!.trim());
        expect(labels.length).toBeGreaterThan(3);
        for (const label of labels)
          await expect(p.locator(".label").filter({ hasText: label }).first().isVisible(), label).resolves.toBe(true);
        expect(problems).toEqual([]);
        expect(requests.filter((u) => !u.startsWith("about:") && !u.startsWith("data:"))).toEqual([]);
        const shot = await p.locator(".panel").screenshot();
        if (process.env.UPDATE_GOLDEN) writeFileSync(join(REPOSITORY, c.image), shot);
        // The committed picture is a PNG of the panel (fonts differ between machines: its pixels are not compared).
        expect(readFileSync(join(REPOSITORY, c.image)).subarray(1, 4).toString()).toBe("PNG");
        p.off("console", onConsole).off("pageerror", onError).off("request", onRequest);
      },
    );
  }
});
