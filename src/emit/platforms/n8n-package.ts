// `generate --target n8n`: per provider, an n8n community node package
// (`<scope>/n8n-nodes-<provider>`) laid out as n8n's starter lays one out:
// nodes/<Node>/<Node>.node.ts with its icons, credentials/<Node>Api.credentials.ts,
// package.json with its `n8n` entry, tsconfig.json, the rule sets of
// @n8n/node-cli's lint (eslint.config.mjs), and build.mjs, which bundles the
// node with the provider's package and the runtime into dist/ (n8n's linter
// wants a community package without runtime dependencies: what it runs is
// bundled, n8n-workflow is n8n's own).
import type { ProviderIR } from "../../model/ir.js";
import { text as xmlText } from "../../common/markup-text.js";
import { codeLiteral, commentText } from "../code-text.js";
import { render, tsHeader } from "../emit.js";
import { personOf } from "../project-package.js";
import { cell, codeSpan, markdownText } from "../markdown-text.js";
import { type N8nNames, n8nNames, n8nNodeView } from "./n8n-node.js";
import { credentialDisplayName } from "./n8n-wording.js";
import { tsLiteral } from "./ts-literal.js";

/**
 * The tools a generated n8n package builds and lints with: the versions the tests of `generate --target n8n` run
 * (test-support/platforms/package.json holds the same; a test compares).
 */
export const N8N_TOOLING = {
  "@eslint/js": "9.29.0",
  "@n8n/eslint-plugin-community-nodes": "0.32.0",
  esbuild: "^0.28.2",
  eslint: "9.29.0",
  "eslint-plugin-n8n-nodes-base": "2.0.0",
  "n8n-workflow": "*",
  typescript: "~5.9.3",
  "typescript-eslint": "^8.73.0",
} as const;

/** What an n8n package needs besides the IR. */
export interface N8nPackageContext {
  /** The n8n package's name: `<scope>/n8n-nodes-<provider>`. */
  name: string;
  version: string;
  /** The provider's package and the runtime, with the ranges the n8n package builds against. */
  provider: { name: string; range: string };
  runtime: { name: string; range: string };
  /** npm's `author` (a name and an email: n8n's linter wants both). */
  author: string;
  license?: string;
  licenseText?: string;
  homepage?: string;
  repository?: { type: string; url: string; directory?: string };
}

/** Every file of the provider's n8n package, by path in its folder. */
export function n8nPackageFiles(ir: ProviderIR, pkg: N8nPackageContext): Map<string, string> {
  const names = n8nNames(ir);
  const view = n8nNodeView(ir, names);
  // The command that writes the file again: a plain `generate` writes the npm packages only.
  const header = tsHeader([ir.sources.manifest, ir.sources.openapi], "blockwright generate --target n8n");
  const nodeDir = `nodes/${names.node}`;
  const npmPage = `https://www.npmjs.com/package/${pkg.name}`;
  const files = new Map<string, string>();
  files.set(
    `${nodeDir}/${names.node}.node.ts`,
    render("n8n-node.ts.hbs", {
      header,
      providerPackage: codeLiteral(pkg.provider.name),
      platformModule: codeLiteral(`${pkg.runtime.name}/n8n`),
      className: names.node,
      name: commentText(ir.name),
      description: tsLiteral(view.description, "  "),
      node: tsLiteral(view.node),
      testName: `${names.credential}Test`,
      probe: tsLiteral(view.probe, "        "),
    }),
  );
  files.set(
    `credentials/${names.credentialClass}.credentials.ts`,
    render("n8n-credentials.ts.hbs", {
      header,
      className: names.credentialClass,
      name: codeLiteral(names.credential),
      displayName: codeLiteral(credentialDisplayName(ir.name)),
      icon: tsLiteral(
        { light: `file:../${nodeDir}/${names.icon.light}`, dark: `file:../${nodeDir}/${names.icon.dark}` },
        "  ",
      ),
      documentationUrl: codeLiteral(ir.docsUrl ?? pkg.homepage ?? npmPage),
      properties: tsLiteral(view.credentialProperties, "  "),
    }),
  );
  files.set(`${nodeDir}/${names.icon.light}`, icon(ir, false));
  files.set(`${nodeDir}/${names.icon.dark}`, icon(ir, true));
  files.set("package.json", packageJson(ir, pkg, names, npmPage));
  files.set("tsconfig.json", tsconfig(ir));
  files.set("eslint.config.mjs", render("n8n-eslint.config.mjs.hbs", { header }));
  files.set(
    "build.mjs",
    render("n8n-build.mjs.hbs", {
      header,
      entries: tsLiteral([
        `${nodeDir}/${names.node}.node.ts`,
        `credentials/${names.credentialClass}.credentials.ts`,
        `${nodeDir}/${names.icon.light}`,
        `${nodeDir}/${names.icon.dark}`,
      ]),
    }),
  );
  files.set("README.md", readme(ir, pkg, names, view));
  if (pkg.licenseText !== undefined) files.set("LICENSE", pkg.licenseText);
  return files;
}

function packageJson(ir: ProviderIR, pkg: N8nPackageContext, names: N8nNames, npmPage: string): string {
  const json = {
    name: pkg.name,
    version: pkg.version,
    // Angle brackets as the quotes ‹ ›: n8n's linter reads `<text>` as a template's placeholder left in.
    description: `n8n node for ${ir.name}: ${ir.description}`
      .replace(/\s+/g, " ")
      .replace(/</g, "‹")
      .replace(/>/g, "›")
      .trim(),
    keywords: ["n8n-community-node-package", "blockwright", ir.provider],
    ...(pkg.license ? { license: pkg.license } : {}),
    homepage: pkg.homepage ?? npmPage,
    // The object form: n8n's linter reads author.name and author.email.
    author: personOf(pkg.author),
    ...(pkg.repository ? { repository: pkg.repository } : {}),
    files: ["dist"],
    scripts: { build: "tsc --noEmit && node build.mjs", lint: "eslint ." },
    n8n: {
      n8nNodesApiVersion: 1,
      strict: false,
      credentials: [`dist/credentials/${names.credentialClass}.credentials.js`],
      nodes: [`dist/nodes/${names.node}/${names.node}.node.js`],
    },
    devDependencies: Object.fromEntries(
      Object.entries({
        [pkg.provider.name]: pkg.provider.range,
        [pkg.runtime.name]: pkg.runtime.range,
        ...N8N_TOOLING,
      }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    peerDependencies: { "n8n-workflow": "*" },
    blockwright: {
      provider: ir.provider,
      target: "n8n",
      generatedFrom: [ir.sources.manifest, ir.sources.openapi],
      note:
        "Generated by `blockwright generate --target n8n`: change the inputs and regenerate. " +
        "The version is the provider package's.",
    },
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/**
 * The type-check the build runs (tsc --noEmit), strict, resolving modules as the bundler does (esbuild writes dist/).
 */
function tsconfig(ir: ProviderIR): string {
  const options = {
    compilerOptions: {
      strict: true,
      module: "preserve",
      moduleResolution: "bundler",
      target: "es2022",
      lib: ["es2022", "dom"],
      skipLibCheck: true,
      noEmit: true,
    },
    include: ["credentials/**/*.ts", "nodes/**/*.ts"],
  };
  return (
    `// Generated by \`blockwright generate --target n8n\` from ${commentText(ir.sources.manifest)}. ` +
    `Do not edit: change the inputs and regenerate.\n${JSON.stringify(options, null, 2)}\n`
  );
}

/** The node's icon: the manifest's colour, the name's initial; the dark variant outlined for dark backgrounds. */
export function icon(ir: ProviderIR, dark: boolean): string {
  const initial = (ir.name.match(/[A-Za-z0-9]/)?.[0] ?? "?").toUpperCase();
  const color = /^#[0-9A-Fa-f]{3,8}$/.test(ir.color) ? ir.color : "#666666";
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60" viewBox="0 0 60 60">',
    `  <rect x="2" y="2" width="56" height="56" rx="12" fill="${color}"` +
      `${dark ? ' stroke="#ffffff" stroke-opacity="0.6" stroke-width="2"' : ""}/>`,
    `  <text x="30" y="40" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="700" ` +
      `fill="#ffffff" text-anchor="middle">${xmlText(initial)}</text>`,
    "</svg>",
    "",
  ].join("\n");
}

function readme(ir: ProviderIR, pkg: N8nPackageContext, names: N8nNames, view: ReturnType<typeof n8nNodeView>): string {
  return render("n8n-readme.md.hbs", {
    header:
      `<!-- Generated by \`blockwright generate --target n8n\` from ` +
      `${commentText(`${ir.sources.manifest} and ${ir.sources.openapi}`).replace(/--/g, "- -")}. Do not edit: ` +
      `change the inputs and regenerate. -->`,
    name: markdownText(ir.name),
    packageName: pkg.name,
    providerPackage: pkg.provider.name,
    provider: ir.provider,
    runtime: pkg.runtime.name,
    description: markdownText(ir.description),
    nodeType: codeSpan(`${pkg.name}.${names.type}`),
    credential: markdownText(credentialDisplayName(ir.name)),
    credentialFields: view.credentialProperties.map((p) => ({
      name: codeSpan(String(p.name)),
      label: cell(markdownText(String(p.displayName))),
      secret: (p.typeOptions as { password?: boolean } | undefined)?.password === true,
    })),
    operations: ir.operations.map((o) => ({
      id: codeSpan(o.tool.id),
      title: cell(markdownText(o.tool.title)),
      paged: o.tool.pagination !== undefined,
    })),
    probe: view.probe.send ? codeSpan(view.probe.operation) : null,
  });
}
