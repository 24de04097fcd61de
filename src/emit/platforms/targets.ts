// What `generate --target` writes: the npm packages (the default), or, from
// the same IR, the files of a workflow platform for each provider — an n8n
// community node package, or Sim's tool and block files. A platform's files
// call the provider's package (its executeTool), so they carry its name and
// version, and the runtime's.
import type { ProviderIR } from "../../model/ir.js";
import type { PackageContext } from "../emit.js";
import { n8nPackageFiles } from "./n8n-package.js";
import { simFiles, simReadme } from "./sim-files.js";
import type { PlatformTarget } from "./target-names.js";

export { type PlatformTarget, type Target, TARGETS } from "./target-names.js";

/**
 * What a platform's files need besides the IR: the provider's package (name, version, runtime), and the project's
 * author, license and links.
 */
export interface PlatformContext {
  /** The npm scope the project's packages take (`@acme`). */
  scope: string;
  providerPackage: Pick<PackageContext, "name" | "version" | "runtime">;
  author?: string;
  license?: string;
  licenseText?: string;
  homepage?: string;
  repository?: { type: string; url: string; directory?: string };
}

/** The platform's files for one provider, by path in the output folder. */
export function platformFiles(target: PlatformTarget, ir: ProviderIR, ctx: PlatformContext): Map<string, string> {
  const provider = { name: ctx.providerPackage.name, range: `^${ctx.providerPackage.version}` };
  const runtime = { name: ctx.providerPackage.runtime.name, range: ctx.providerPackage.runtime.range };
  const files =
    target === "sim"
      ? simFiles(ir, { provider, runtime })
      : n8nPackageFiles(ir, {
          name: `${ctx.scope}/n8n-nodes-${ir.provider}`,
          version: ctx.providerPackage.version,
          provider,
          runtime,
          // projectContext refuses the n8n target without an author (n8n's linter wants a name and an email).
          author: ctx.author ?? "",
          ...(ctx.license ? { license: ctx.license } : {}),
          ...(ctx.licenseText !== undefined ? { licenseText: ctx.licenseText } : {}),
          ...(ctx.homepage ? { homepage: ctx.homepage } : {}),
          ...(ctx.repository ? { repository: ctx.repository } : {}),
        });
  return new Map([...files].map(([path, text]) => [`${ir.provider}/${path}`, text]));
}

/**
 * The output folder's README, when the platform has one (Sim's: how Sim takes the files, and its registries' lines).
 */
export function platformReadme(
  target: PlatformTarget,
  irs: readonly ProviderIR[],
  ctx: (ir: ProviderIR) => PlatformContext,
): string | undefined {
  if (target !== "sim") return undefined;
  return simReadme(irs, (ir) => {
    const c = ctx(ir).providerPackage;
    return { provider: { name: c.name, range: `^${c.version}` }, runtime: { name: c.runtime.name } };
  });
}
