// A workflow drawn: the graph read from the file's structure alone, as a
// Mermaid flowchart and as an SVG image, with every text from the file kept
// as data (made-up providers: no registry is asked).
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { readWorkflowStructure, workflowGraph, type WorkflowGraph } from "./graph-model.js";
import { mermaidText, toMermaid } from "./graph-mermaid.js";
import { toSvg, xml } from "./graph-svg.js";
import { WorkflowErrors } from "./validate.js";

const FLOW = `name: Shelve a book
blocks:
  find:
    type: zzshelf
    name: Find the book
    inputs: { operation: zzshelf_find }
    connections: { outgoing: [{ target: shelve }, { target: note }, { target: shelve }, { target: find }] }
  shelve:
    type: zzshelf
    name: Shelve it
    inputs: { operation: zzshelf_put }
    connections: { outgoing: [{ target: done }] }
  note:
    type: zznotes
    name: Write a note
    inputs: { operation: zznotes_write }
    connections: { outgoing: [{ target: done }] }
  done:
    type: zznotes
    name: Say so
    inputs: { operation: zznotes_close }
`;

/** Block ids that are Mermaid keywords, and names full of what could end a label, a tag or a fence. */
const HOSTILE = `name: "Evil \\"flow\\" </title><script>alert(1)</script> \`\`\`"
blocks:
  end:
    type: zzevil
    name: "a\\"] --> click end call alert() %% <img src=x onerror=alert(1)> & ]]> \\u0001 #quot; \`\`\`"
    inputs: { operation: "zzevil_<b>op</b>" }
    connections: { outgoing: [{ target: graph }] }
  graph:
    type: "zz'evil"
    name: "${"long ".repeat(40)}"
    inputs: { operation: zzevil_two }
`;

const graphOf = (text: string, name = "flow.yaml") => workflowGraph(readWorkflowStructure(name, name, text).data);

function problems(text: string): string[] {
  try {
    readWorkflowStructure("flow.yaml", "flow.yaml", text);
    return [];
  } catch (e) {
    if (e instanceof WorkflowErrors) return e.errors.map((x) => x.message);
    throw e;
  }
}

/** Every text node of an SVG document, entities decoded, in document order. */
function svgTexts(svg: string): string[] {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object")
      for (const [key, value] of Object.entries(node)) key === "#text" ? texts.push(String(value)) : walk(value);
  };
  walk(
    new XMLParser({ preserveOrder: true, ignoreAttributes: true, processEntities: true, htmlEntities: false }).parse(
      svg,
    ),
  );
  return texts;
}

describe("the graph of a workflow", () => {
  it("has the blocks in the file's order, each connection once, a block's connection to itself left out", () => {
    const graph = graphOf(FLOW);
    expect(graph.title).toBe("Shelve a book");
    expect(graph.blocks).toEqual([
      { id: "find", name: "Find the book", provider: "zzshelf", runs: "zzshelf_find" },
      { id: "shelve", name: "Shelve it", provider: "zzshelf", runs: "zzshelf_put" },
      { id: "note", name: "Write a note", provider: "zznotes", runs: "zznotes_write" },
      { id: "done", name: "Say so", provider: "zznotes", runs: "zznotes_close" },
    ]);
    expect(graph.edges).toEqual([
      { from: "find", to: "shelve" },
      { from: "find", to: "note" },
      { from: "shelve", to: "done" },
      { from: "note", to: "done" },
    ]);
  });

  it("refuses what is not a workflow, each problem at its file:line:col, before drawing", () => {
    expect(problems(FLOW.replace("target: done }] }\n  done", "target: gone }] }\n  done"))).toEqual([
      'flow.yaml:17:41: note: connection to unknown block "gone" (blocks: find, shelve, note, done)',
    ]);
    expect(problems("blocks:\n  a:\n    type: zzshelf\n")).toEqual([
      'flow.yaml:2:3: blocks.a: missing required field "name"',
      'flow.yaml:2:3: blocks.a: missing required field "inputs"',
    ]);
    expect(problems("blocks: [")).toEqual([expect.stringMatching(/^flow\.yaml:1:\d+: /)]);
  });

  it("draws a cycle too (validate is what refuses it)", () => {
    const cyclic = graphOf(
      FLOW.replace("name: Say so\n", "name: Say so\n    connections: { outgoing: [{ target: find }] }\n"),
    );
    expect(cyclic.edges).toContainEqual({ from: "done", to: "find" });
    expect(XMLValidator.validate(toSvg(cyclic))).toBe(true);
  });
});

describe("the Mermaid flowchart", () => {
  it("draws every block with its id, name, provider and operation, and every connection", () => {
    expect(toMermaid(graphOf(FLOW))).toBe(
      [
        "flowchart TD",
        '  subgraph w ["Shelve a book"]',
        "    direction TB",
        '    b0["<b>find</b><br/>Find the book<br/><i>zzshelf › zzshelf_find</i>"]',
        '    b1["<b>shelve</b><br/>Shelve it<br/><i>zzshelf › zzshelf_put</i>"]',
        '    b2["<b>note</b><br/>Write a note<br/><i>zznotes › zznotes_write</i>"]',
        '    b3["<b>done</b><br/>Say so<br/><i>zznotes › zznotes_close</i>"]',
        "    b0 --> b1",
        "    b0 --> b2",
        "    b1 --> b3",
        "    b2 --> b3",
        "  end",
        "",
      ].join("\n"),
    );
  });

  it("keeps the file's text as label text: no quote, bracket, markup, comment or fence of its own", () => {
    const chart = toMermaid(graphOf(HOSTILE));
    const labels = [...chart.matchAll(/^ +(?:b\d+|subgraph w )\["(.*)"\]$/gm)].map((m) => m[1] ?? "");
    expect(labels).toHaveLength(3);
    for (const label of labels) {
      // Our own markup aside, a label holds only safe characters and entity codes.
      const text = label.replace(/<\/?(b|i)>|<br\/>/g, "").replace(/ › /g, " ");
      expect(text).toMatch(/^[A-Za-z0-9 _.,:/()+=@#;-]*$/);
    }
    expect(chart).toContain("<b>end</b>");
    expect(chart).toContain(mermaidText('a"] --> click end call alert() %% <img src=x onerror=alert(1)>'));
    expect(chart).not.toMatch(/^\s*click|^\s*```|%%/m);
    // Ids are ours: a block id that is a keyword (end, graph) never stands as a node id.
    expect(chart.match(/^ +(\S+)(?:\[| -->)/gm)?.every((line) => /^ +b\d+/.test(line))).toBe(true);
    expect(mermaidText('"<&>`\n')).toBe("#34;#60;#38;#62;#96; ");
    // Letters of any script stay readable; a symbol or a control character (bidi ones too) is a code.
    expect(mermaidText("名前 Ärger 🎉\u202e")).toBe("名前 Ärger #127881;#8238;");
  });
});

describe("the SVG image", () => {
  it("is well-formed XML naming every block: id, name, provider and operation", () => {
    const graph = graphOf(FLOW);
    const svg = toSvg(graph, { source: "flows/shelve.yaml" });
    expect(XMLValidator.validate(svg)).toBe(true);
    const texts = svgTexts(svg);
    for (const b of graph.blocks)
      expect(texts).toEqual(expect.arrayContaining([b.id, b.name, `${b.provider} › ${b.runs}`]));
    expect(texts).toContain("Shelve a book");
    expect(texts.some((t) => t.includes("from flows/shelve.yaml"))).toBe(true);
    // One arrow per connection; the same input always gives the same bytes (a committed drawing stays current).
    expect(svg.match(/marker-end="url\(#arrow\)"/g)).toHaveLength(graph.edges.length);
    expect(toSvg(graphOf(FLOW), { source: "flows/shelve.yaml" })).toBe(svg);
  });

  it("escapes every text from the file, and replaces what XML cannot hold", () => {
    const graph = graphOf(HOSTILE);
    const svg = toSvg(graph, { source: 'a"b<c>.yaml' });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toMatch(/<script|<img|<b>/);
    expect(svg.includes("\u0001")).toBe(false);
    const texts = svgTexts(svg);
    const name = graph.blocks[0]?.name ?? "";
    // The whole name, in the block's tooltip; its box shows the first 59 characters.
    expect(texts).toContain(`end: ${name.replace("\u0001", "\uFFFD")} (zzevil › zzevil_<b>op</b>)`);
    expect(texts).toContain(`${[...name].slice(0, 59).join("")}…`);
    expect(texts).toContain("zzevil › zzevil_<b>op</b>");
    expect(texts).toContain("zz'evil › zzevil_two");
    // A long name is cut to one line in its box; the whole of it stays in the block's tooltip.
    expect(texts).toContain(`${"long ".repeat(11)}long…`);
    expect(texts.some((t) => t.includes("long ".repeat(39).trim()))).toBe(true);
    expect(xml("\u0000a&<>\"'\uFFFF\uD800")).toBe("\uFFFDa&amp;&lt;&gt;&quot;&apos;\uFFFD\uFFFD");
  });

  it("makes room for each block's longest line", () => {
    const short: WorkflowGraph = { blocks: [{ id: "a", name: "A", provider: "zzp", runs: "zzp_a" }], edges: [] };
    const long: WorkflowGraph = {
      blocks: [{ id: "a", name: "A", provider: "zzp", runs: `zzp_${"a".repeat(50)}` }],
      edges: [],
    };
    const width = (svg: string) => Number(/<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"/.exec(svg)?.[1]);
    expect(width(toSvg(long))).toBeGreaterThan(width(toSvg(short)) + 50 * 6);
  });
});
