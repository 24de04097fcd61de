// A workflow graph as a standalone SVG image, laid out without a browser:
// dagre (a layered layout, the one Mermaid uses) places the blocks and routes
// the connections; the SVG is written here. Text is measured by an estimate
// of its width (no fonts are loaded), with room to spare. Every text from the
// workflow file is escaped as XML character data or attribute value, and
// characters XML cannot hold become U+FFFD.
import { createRequire } from "node:module";
import type { GraphBlock, WorkflowGraph } from "./graph-model.js";

export interface SvgOptions {
  /** What the picture was drawn from (a file name), said in its description. */
  source?: string;
}

/** The three lines of a block: font size, weight and family, and the estimated width of a character (in em). */
const LINES = [
  {
    size: 14,
    weight: "600",
    family: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
    em: 0.64,
    color: "#1f2328",
  },
  {
    size: 13,
    weight: "400",
    family: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
    em: 0.6,
    color: "#1f2328",
  },
  {
    size: 12,
    weight: "400",
    family: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    em: 0.61,
    color: "#59636e",
  },
] as const;
// dagre, bundled into the build (vendor/dagre.cjs): the published package depends on no dagre package.
const dagre = createRequire(import.meta.url)("../vendor/dagre.cjs") as typeof import("@dagrejs/dagre").default;

const LINE_GAP = 5;
const PAD_X = 14;
const PAD_Y = 10;
const MAX_CHARS = 60;
/** One border colour per provider, in the order providers first appear. */
const PALETTE = ["#0969da", "#1a7f37", "#8250df", "#bc4c00", "#bf3989", "#116329", "#9a6700", "#cf222e"];
const TITLE_SIZE = 16;
const MARGIN = 20;

/** The SVG document (UTF-8 text, ending in a newline). */
export function toSvg(graph: WorkflowGraph, options: SvgOptions = {}): string {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: "TB", nodesep: 36, ranksep: 44, marginx: MARGIN, marginy: MARGIN });
  layout.setDefaultEdgeLabel(() => ({}));
  const texts = new Map(graph.blocks.map((b) => [b.id, blockLines(b)]));
  const height = PAD_Y * 2 + LINES.reduce((sum, l) => sum + l.size, 0) + LINE_GAP * (LINES.length - 1);
  for (const b of graph.blocks) {
    const lines = texts.get(b.id) ?? [];
    const width = Math.ceil(
      Math.max(120, ...lines.map((text, i) => textWidth(text, LINES[i]?.em ?? 0.6, LINES[i]?.size ?? 12))) + PAD_X * 2,
    );
    layout.setNode(b.id, { width, height });
  }
  for (const e of graph.edges) layout.setEdge(e.from, e.to);
  dagre.layout(layout);

  const top = graph.title !== undefined ? TITLE_SIZE + 14 : 0;
  const size = layout.graph();
  const width = Math.ceil(
    Math.max(
      size.width ?? 0,
      graph.title !== undefined ? textWidth(shorten(graph.title), 0.62, TITLE_SIZE) + MARGIN * 2 : 0,
    ),
  );
  const total = Math.ceil((size.height ?? 0) + top);
  const providers = [...new Set(graph.blocks.map((b) => b.provider))];
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ` +
      `${total}" role="img"${graph.title !== undefined ? ` aria-label="${xml(graph.title)}"` : ""}>`,
    `<title>${xml(graph.title ?? "workflow")}</title>`,
    `<desc>Drawn by blockwright graph${options.source !== undefined ? ` from ${xml(options.source)}` : ""}: ` +
      `each block with its id, name, provider and operation; each arrow a connection.</desc>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" ` +
      `orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#59636e"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ];
  if (graph.title !== undefined) {
    out.push(
      `<text x="${MARGIN}" y="${MARGIN + TITLE_SIZE}" font-family="${LINES[0].family}" font-size="` +
        `${TITLE_SIZE}" font-weight="600" fill="#1f2328">${xml(shorten(graph.title))}</text>`,
    );
  }
  out.push(`<g transform="translate(0 ${top})">`);
  for (const e of graph.edges) {
    const points = layout.edge(e.from, e.to)?.points ?? [];
    if (points.length >= 2)
      out.push(
        `<path d="${basisPath(points)}" fill="none" stroke="#59636e" stroke-width="1.5" marker-end="url(#arrow)"/>`,
      );
  }
  for (const b of graph.blocks) {
    const node = layout.node(b.id);
    const x = (node.x ?? 0) - node.width / 2;
    const y = (node.y ?? 0) - node.height / 2;
    const colour = PALETTE[providers.indexOf(b.provider) % PALETTE.length];
    const lines = texts.get(b.id) ?? [];
    out.push(`<g>`, `<title>${xml(`${b.id}: ${b.name} (${b.provider} › ${b.runs})`)}</title>`);
    out.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(node.width)}" height="${num(node.height)}` +
        `" rx="8" fill="#f6f8fa" stroke="${colour}" stroke-width="1.5"/>`,
    );
    let baseline = y + PAD_Y;
    lines.forEach((text, i) => {
      const style = LINES[i] ?? LINES[1];
      baseline += style.size + (i ? LINE_GAP : 0);
      out.push(
        `<text x="${num(x + PAD_X)}" y="${num(baseline - 3)}" font-family="${style.family}" font-size="` +
          `${style.size}" font-weight="${style.weight}" fill="${style.color}">${xml(text)}</text>`,
      );
    });
    out.push(`</g>`);
  }
  out.push(`</g>`, `</svg>`);
  return `${out.join("\n")}\n`;
}

function blockLines(b: GraphBlock): string[] {
  return [shorten(b.id), shorten(b.name), shorten(`${b.provider} › ${b.runs}`)];
}

/**
 * One line of at most MAX_CHARS characters (whitespace runs as one space); the whole text is in the block's tooltip.
 */
function shorten(text: string): string {
  const chars = [...text.replace(/\s+/g, " ")];
  return chars.length > MAX_CHARS ? `${chars.slice(0, MAX_CHARS - 1).join("")}…` : chars.join("");
}

/** Estimated width in pixels: wide characters (CJK, emoji) count twice. */
function textWidth(text: string, em: number, size: number): number {
  let units = 0;
  for (const char of text) units += (char.codePointAt(0) ?? 0) >= 0x1100 ? 2 : 1;
  return units * em * size;
}

/** Text as XML character data or a quoted attribute value; characters XML 1.0 cannot hold become U+FFFD. */
export function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function num(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/**
 * A smooth path through dagre's points: the uniform B-spline d3's curveBasis draws (from the first point to the last).
 */
function basisPath(points: { x: number; y: number }[]): string {
  const first = points[0] ?? { x: 0, y: 0 };
  let d = `M${num(first.x)},${num(first.y)}`;
  if (points.length === 2) {
    const last = points[1] ?? first;
    return `${d}L${num(last.x)},${num(last.y)}`;
  }
  const second = points[1] ?? first;
  d += `L${num((5 * first.x + second.x) / 6)},${num((5 * first.y + second.y) / 6)}`;
  const at = (x: number, y: number) => `${num(x)},${num(y)}`;
  for (let i = 2; i <= points.length; i++) {
    const a = points[i - 2] ?? first;
    const b = points[i - 1] ?? first;
    const c = points[i] ?? b;
    d +=
      `C${at((2 * a.x + b.x) / 3, (2 * a.y + b.y) / 3)} ${at((a.x + 2 * b.x) / 3, (a.y + 2 * b.y) / 3)} ` +
      at((a.x + 4 * b.x + c.x) / 6, (a.y + 4 * b.y + c.y) / 6);
  }
  const last = points[points.length - 1] ?? first;
  return `${d}L${num(last.x)},${num(last.y)}`;
}
