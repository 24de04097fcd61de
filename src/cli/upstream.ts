// `blockwright upstream <provider> <newer published document> [--json] [--accept [--source <url>]] [--specs dir]`
import { resolve } from "node:path";
import type { Pinned, Published } from "../upstream/published.js";
import { parseArgs, projectDirs, projectProviders, stringOption } from "./support/args.js";
import { fromSpecs, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright upstream <provider> <newer published document> [--json] [--accept [--source <url>]] [--specs <dir>]

Compare a newer version of the provider's published API document (OpenAPI 3,
Swagger 2.0 or an API Discovery document) with the version pinned in
<specs>/<provider>/upstream/, and list only the changes that touch what our
manifest binds — operations, parameter names and places, limits and enums of
the body fields we write, response fields our outputs read, the credential —
each as a to-do against <specs>/<provider>/openapi.yaml. Changes to parts we
do not bind are counted, not listed.

  --json            print the report as JSON on stdout
  --accept          pin the newer document (after reviewing our spec)
  --source <url>    where the newer document came from (recorded by --accept)
  --specs <dir>     the specs folder (default ./specs)

Exit status: 0 nothing we bind changed, 1 changes to review, 2 usage error,
70 internal error (a bug: please report it).`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { json: { type: "boolean" }, accept: { type: "boolean" }, source: { type: "string" }, specs: { type: "string" } });
  const [provider, newerPath, ...extra] = args.positionals;
  if (!provider || !newerPath) throw new UsageError("needs <provider> and <newer published document>");
  if (extra.length) throw new UsageError(`unexpected argument ${JSON.stringify(extra[0])}`);
  const { specs } = projectDirs(args, io.cwd);
  await projectProviders(specs, io.cwd, [provider]);

  const { readPinned, readPublished, acceptPublished, PublishedDocumentError } = await import("../upstream/published.js");
  const { SourceError, UnreadableSource } = await import("../load/yaml-source.js");
  let pinned: Pinned;
  let newer: Published;
  try {
    pinned = await readPinned(specs, provider, io.cwd);
    newer = await readPublished(resolve(io.cwd, newerPath), newerPath);
  } catch (e) {
    // A document that cannot be read or parsed: one line, at its file:line:col when it has one.
    if (e instanceof PublishedDocumentError || e instanceof SourceError || e instanceof UnreadableSource) throw new UsageError(e.message);
    throw e;
  }
  const { linkProvider } = await import("../emit/generate-all.js");
  const { ir, document } = await fromSpecs("upstream", () => linkProvider(io.cwd, resolve(specs, provider)));
  const { bindingOf, drift, todo } = await import("../upstream/drift.js");
  const { serverPathOf } = await import("../upstream/facts.js");
  const ours = serverPathOf(document.source.data as Record<string, unknown>);
  const report = drift(
    pinned.document,
    newer.document,
    bindingOf(
      ir.operations.map((op) => op.tool),
      ours,
    ),
  );
  const spec = ir.sources.openapi;
  if (args.values.json) io.stdout.write(`${JSON.stringify({ provider, pinned: { file: pinned.file, sha256: pinned.sha256 }, ...report }, null, 2)}\n`);
  else {
    const { lineText } = await import("../common/github-actions.js");
    const lines = [
      `${provider}: ${report.bound.length} change${report.bound.length === 1 ? "" : "s"} to what we bind; ${report.unbound.count} to parts we do not bind (in ${report.unbound.operations} operation${report.unbound.operations === 1 ? "" : "s"})`,
      ...report.bound.map((item) => `  to do: ${lineText(todo(item, spec))}`),
      ...(report.unmatched.length ? [`  note: operations we call that neither version publishes (our spec keeps them): ${lineText(report.unmatched.join(", "))}`] : []),
    ];
    // What the published documents say is outside text: escaped as every text report escapes it.
    const { logSafe } = await import("../common/github-actions.js");
    io.stdout.write(logSafe(`${lines.join("\n")}\n`));
  }
  if (args.values.accept) {
    let file: string;
    try {
      file = acceptPublished(pinned, resolve(io.cwd, newerPath), stringOption(args, "source"), new Date().toISOString().slice(0, 10));
    } catch (e) {
      if (e instanceof PublishedDocumentError) throw new UsageError(e.message);
      throw e;
    }
    io.stderr.write(`upstream: pinned ${newerPath} as ${provider}/upstream/${file}\n`);
  }
  return report.bound.length ? 1 : 0;
}
