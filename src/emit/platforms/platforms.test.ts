// `generate --target n8n` and `--target sim` on fixture specs: shelf (every
// concept of the manifest), zqfiles (files up and down), zqpayments (pages by
// cursor, an email parameter) and hostile (text in
// every free-text field that would end a comment or a string, break a line or
// carry markup). The n8n packages lint clean with n8n's node linter and
// type-check against n8n-workflow; the Sim files, copied over a Sim tree,
// type-check against Sim's own types; and no hostile text runs or changes.
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import semver from "semver";
import { ruleSentence, withSentences } from "@blockwright/runtime/internal";
import {
  buildPackages,
  linkModules,
  linkN8nPackage,
  type LintProblem,
  lintPackages,
  runN8nWorkflow,
  simTree,
  toolDir,
  typeCheckPackages,
  typeCheckSim,
  writeFiles,
} from "../../../test-support/platforms/tools.js";
import type { ProviderIR } from "../../model/ir.js";
import { generate } from "../generate-all.js";
import { N8N_TOOLING } from "./n8n-package.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const FIXTURES = {
  shelf: "test-support/fixtures/specs/shelf",
  zqfiles: "test-support/fixtures/specs-files/zqfiles",
  // A property named email (n8n's linter wants it a placeholder), cursor pages (Return All, Limit).
  zqpayments: "test-support/fixtures/specs-wild/zqpayments",
  hostile: "test-support/fixtures/specs-hostile/hostile",
  // A required JSON list, number and choice without a default: a field left unfilled sends nothing.
  zqevents: "test-support/fixtures/specs-required/zqevents",
};
/**
 * Text that runs if it ends a comment or a string, breaks a line, or is read as markup (the hostile fixture's tokens).
 */
const PAYLOAD = [
  "*/ globalThis.pwned = 1; /*",
  "\r\n globalThis.pwned = 2; //",
  "\u2028 globalThis.pwned = 3;",
  "<script>alert(1)</script> ` ' \" \\ |",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder in plain text is part of the payload
  "${globalThis.pwned = 5}",
].join(" ");
const ONE_LINE = PAYLOAD.replace(/[\r\n\u2028\u2029]/g, " ");
const TOKENS: Record<string, string> = {
  P: PAYLOAD,
  K: ONE_LINE,
  J: ONE_LINE.replace(/~/g, "~0").replace(/\//g, "~1"),
  R: `^(?:[a-z0-9-]+|${PAYLOAD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})$`,
  OPENAPI: "api */ globalThis.pwned = 6; /*.yaml",
};
const filled = (text: string) =>
  text.replace(/⟨(\w+)⟩/g, (_, name: string) =>
    JSON.stringify(TOKENS[name])
      .slice(1, -1)
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029"),
  );

let work: string;
let irs: ProviderIR[];
const dir = (...parts: string[]) => join(work, ...parts);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "blockwright-platforms-"));
  writeFileSync(
    dir("package.json"),
    JSON.stringify({
      name: "zz-platforms",
      license: "MIT",
      author: "Zz Tester <zz@example.test>",
      homepage: "https://zz.example.test/",
    }),
  );
  for (const [id, from] of Object.entries(FIXTURES)) {
    if (id !== "hostile") cpSync(join(root, from), dir("specs", id), { recursive: true });
    else {
      mkdirSync(dir("specs", id), { recursive: true });
      writeFileSync(dir("specs", id, "manifest.yaml"), filled(readFileSync(join(root, from, "manifest.yaml"), "utf8")));
      mkdirSync(dirname(dir("specs", id, TOKENS.OPENAPI!)), { recursive: true });
      writeFileSync(dir("specs", id, TOKENS.OPENAPI!), filled(readFileSync(join(root, from, "openapi.yaml"), "utf8")));
    }
  }
  const packages = await generate({ root: work, target: "packages" });
  writeFiles(dir("generated"), packages.files);
  irs = packages.irs;
  for (const target of ["n8n", "sim"] as const)
    writeFiles(dir(`generated-${target}`), (await generate({ root: work, target })).files);
  // The project's own node_modules, as its `npm install` gives the provider packages their runtime.
  linkModules(work, { "@blockwright/runtime": join(root, "runtime") });
  for (const ir of irs)
    linkN8nPackage(dir("generated-n8n", ir.provider), {
      name: `@blockwright/${ir.provider}`,
      dir: dir("generated", ir.provider),
    });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("generated files' headers", () => {
  it.each(["n8n", "sim"])("name the command that writes them again: generate --target %s", (target) => {
    const files = readdirSync(dir(`generated-${target}`), { recursive: true, encoding: "utf8" }).filter(
      (f) => /\.(?:ts|mjs|json|md)$/.test(f) && !/(?:^|\/)(?:node_modules|dist)\//.test(f),
    );
    const headers = files.flatMap((f) =>
      readFileSync(dir(`generated-${target}`, f), "utf8")
        .split("\n")
        .filter((l) => l.includes("Generated by `blockwright"))
        .map((l) => [f, l] as const),
    );
    expect(headers.length).toBeGreaterThan(0);
    for (const [file, line] of headers) expect(line, file).toContain(`blockwright generate --target ${target}`);
  });
});

describe("the READMEs' installs before publishing", () => {
  it("n8n: the provider's package and the runtime from the project, as the tests link them", () => {
    const readme = readFileSync(dir("generated-n8n", "zqevents", "README.md"), "utf8");
    expect(readme).toContain(
      "npm install --no-save --ignore-scripts ../../generated/zqevents ../../node_modules/@blockwright/runtime",
    );
    expect(readme).toContain("npm install --ignore-scripts && npm run build");
  });

  it("Sim: the packages and the runtime packed in the project, the archives installed", () => {
    const readme = readFileSync(dir("generated-sim", "README.md"), "utf8");
    expect(readme).toMatch(/npm pack \.\/node_modules\/@blockwright\/runtime( \.\/generated\/\w+)+ --pack-destination/);
    expect(readme).toContain("npm install /tmp/blockwright-packs/*.tgz");
  });
});

describe("the Sim README", () => {
  it("says a tool carrying a secret is made by the package, Sim showing a failure's body as written", () => {
    const readme = readFileSync(dir("generated-sim", "README.md"), "utf8").replace(/\s+/g, " ");
    expect(readme).toContain(
      "a tool whose request carries a secret is made by the package instead (`directExecution`)",
    );
  });
});

// The Sim tree first: its program keeps the standard library and @types/node it parses for the worker's later
// programs (test-support/parsed-files-host.ts), the n8n packages' among them.
describe("Sim files", () => {
  it("type-check against Sim's own types, copied over a Sim tree", async () => {
    const copied = simTree(
      dir("sim"),
      dir("generated-sim"),
      irs.map((ir) => ({ id: ir.provider, name: `@blockwright/${ir.provider}`, dir: dir("generated", ir.provider) })),
    );
    expect(await typeCheckSim(dir("sim"), copied)).toEqual([]);
  });

  it("hold the hostile text as written, none of it run", async () => {
    const ir = irs.find((i) => i.provider === "hostile")!;
    const tool = ir.operations[0]!.tool;
    (globalThis as { pwned?: unknown }).pwned = undefined;
    const file = tool.id.slice("hostile_".length);
    const module = (await import(/* @vite-ignore */ dir("sim/apps/sim/tools/hostile", `${file}.ts`))) as Record<
      string,
      { name: string; description: string; params: Record<string, { description: string }> }
    >;
    const config = Object.values(module)[0]!;
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    // The tool's text, then its cross-field rules as models read them (their hostile values as written too).
    expect({ name: config.name, description: config.description }).toEqual({
      name: tool.title,
      description: withSentences(
        tool.description,
        tool.rules.map((r) => ruleSentence(r)),
      ),
    });
    for (const p of tool.params) expect(config.params[p.name]?.description, p.name).toBe(p.description);
  });
});

describe("n8n packages", () => {
  let problems: Record<string, LintProblem[]>;
  beforeAll(async () => {
    problems = await lintPackages(
      irs.map((ir) => dir("generated-n8n", ir.provider)),
      work,
    );
  });

  it.each(Object.keys(FIXTURES))("%s: lints clean with n8n's node linter", (id) => {
    expect(problems[dir("generated-n8n", id)]).toEqual([]);
  });

  it("type-check against n8n-workflow, with their own tsconfig.json", async () => {
    const files = (id: string) => {
      const node = irs.find((ir) => ir.provider === id)!.names.pascal;
      return [`nodes/${node}/${node}.node.ts`, `credentials/${node}Api.credentials.ts`];
    };
    expect(
      await typeCheckPackages(
        irs.map((ir) => dir("generated-n8n", ir.provider)),
        (d) => files(d.split("/").pop()!),
      ),
    ).toEqual([]);
  });

  it("build, and the node's description holds the hostile text as written, none of it run", async () => {
    const hostile = dir("generated-n8n", "hostile");
    await buildPackages([hostile]);
    const script =
      `globalThis.pwned = null; const m = require(` +
      `${JSON.stringify(join(hostile, "dist/nodes/Hostile/Hostile.node.js"))}); ` +
      `const d = new m.Hostile().description; process.stdout.write(JSON.stringify({ pwned: globalThis.pwned, ` +
      `description: d.description, defaults: d.defaults }))`;
    // n8n-workflow is n8n's own: the node requires it as n8n gives it.
    const out = JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: hostile }).toString()) as {
      pwned: unknown;
      description: string;
      defaults: { name: string };
    };
    const ir = irs.find((i) => i.provider === "hostile")!;
    expect(out).toEqual({ pwned: null, description: ir.description, defaults: { name: ir.name } });
    expect(ir.description).toContain("globalThis.pwned");
  });

  it("refuse a required JSON or number field left unfilled, as executeTool does, on n8n's engine", async () => {
    const pkg = dir("generated-n8n", "zqevents");
    await buildPackages([pkg]);
    const received: string[] = [];
    const server = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.writeHead(201, { "content-type": "application/json" }).end('{"id":"zq1"}');
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const name = (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { name: string }).name;
    const node = (id: string, parameters: Record<string, unknown>) => ({
      id,
      name: id,
      type: `${name}.zqevents`,
      typeVersion: 1,
      position: [200, 0] as [number, number],
      parameters: { operation: "zqevents_record_events", ...parameters },
      credentials: { zqeventsApi: { id: "zq", name: "zq" } },
      onError: "continueRegularOutput",
    });
    try {
      const run = await runN8nWorkflow(
        {
          packages: [pkg],
          items: [{}],
          nodes: [node("zqUnfilled", {}), node("zqFilled", { events: '[{"zq":1}]', priority: 3 })],
          credentials: { zqeventsApi: { apiKey: "zq-key-0123456789", baseUrl: `http://127.0.0.1:${port}` } },
        },
        mkdtempSync(dir("n8n-home-")),
      );
      const error = run.nodes.zqUnfilled?.[0]?.items[0]?.json.error as { message?: string } | undefined;
      expect(error?.message).toMatch(/^events: is required\b/);
      expect(run.nodes.zqFilled?.[0]?.items[0]?.json).toEqual({ data: { id: "zq1" } });
      expect(received).toEqual(["POST /v1/events"]);
    } finally {
      server.close();
    }
  });

  it("keep code's words in a description as written (n8n's editor shows the reference as the letter)", () => {
    const node = readFileSync(dir("generated-n8n", "zqevents", "nodes/Zqevents/Zqevents.node.ts"), "utf8");
    expect(node).toContain('as JSON: `[{\\"&#105;d\\": \\"zq1\\", \\"&#117;rl\\": ');
    expect(node).toContain("{{ $&#106;son.events }}");
  });

  it("name the versions of the tools the tests build and lint them with", () => {
    for (const [name, range] of Object.entries(N8N_TOOLING)) {
      const installed = (JSON.parse(readFileSync(join(toolDir(name), "package.json"), "utf8")) as { version: string })
        .version;
      expect(semver.satisfies(installed, range), `${name} ${installed} in ${range}`).toBe(true);
    }
  });
});
