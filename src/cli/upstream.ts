// `blockwright upstream <provider> <newer published document> [--json] [--accept [--source <url>]] [--specs dir]`
import { join, relative, resolve } from "node:path";
import type { Pinned, Published } from "../upstream/published.js";
import type { linkProvider } from "../emit/link-provider.js";
import { parseArgs, projectDirs, projectProviders, refsFolder, stringOption } from "./support/args.js";
import { fromSpecs, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright upstream <provider> <newer published document> [--json] [--all] [--accept \
[--source <url>]] [--refs-in <folder>] [--specs <dir>]

Compare a newer version of the provider's published API document (OpenAPI 3,
Swagger 2.0 or an API Discovery document) with the version pinned in
<specs>/<provider>/upstream/, over the operations our tools call: every
change to their parameters, request body fields, 2xx answers and security,
breaking first, one line each with its kind, its reason and the parameters
and outputs of ours it touches. Writing the same schema another way (a $ref
inlined, 3.0 nullable as a 3.1 type list, keys or security requirements
reordered) is no change. For a provider add started, what add drafts from
the words or shapes of each document is compared too (a list of values a
parameter's description names, the lone field of a required body drafted
required). Changes to operations we do not call are counted.

  --json            print the report as JSON on stdout (every change, with
                    its kind id, severity, reason, place and what it binds)
  --all             also list the informational changes (text, annotations)
  --accept          pin the newer document; for a provider add started (its
                    openapi.yaml is a cut of the published document), also
                    cut openapi.yaml again from it, for the operations the
                    manifest calls, its shapes rewritten as add rewrites
                    them, keeping the manifest as it is but for what the
                    newer document asks more of (a value it now requires,
                    a length, bound or pattern it sets or narrows, enum
                    values it no longer takes) and for the older
                    document's values it loosens (enum values added, a
                    longer maximum), each written and printed; and what
                    add drafts otherwise from the newer document where
                    the manifest holds add's draft of the older (a
                    description, a new parameter or output, one gone, a
                    parameter, output or answer read otherwise, paging,
                    a poll trigger, errors, the address), each with a
                    "# review:" note; an operationId the newer document
                    gives the same method and path otherwise is followed
                    (the tool keeps its name), and a tool whose operation
                    is gone, its operationId given to another, is pinned
                    to the method and path it called. A provider with no
                    pinned document (a spec written by hand): the
                    document it was written from becomes the first pin,
                    nothing compared (one lacking an operation its tools
                    call is refused, naming those it lacks)
  --source <url>    where the newer document came from (recorded by --accept)
  --refs-in <folder>
                    the folder (and those under it) whose files a multi-file
                    newer document's $refs may read, as add's --refs-in; it
                    must hold the document (default: the document's folder)
  --specs <dir>     the specs folder (default ./specs)

Exit status: 0 nothing but text changed, 1 changes to review, 2 usage error,
70 internal error (a bug: please report it).`;

type LinkedProvider = Awaited<ReturnType<typeof linkProvider>>;

/** The user asked to stop (Ctrl-C, SIGTERM). */
class Interrupted extends Error {}

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    json: { type: "boolean" },
    all: { type: "boolean" },
    accept: { type: "boolean" },
    source: { type: "string" },
    "refs-in": { type: "string" },
    specs: { type: "string" },
  });
  const [provider, newerPath, ...extra] = args.positionals;
  if (!provider || !newerPath) throw new UsageError("BW3002", "needs <provider> and <newer published document>");
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  checkNewerGiven(newerPath, stringOption(args, "source"), args.values.accept === true);
  const { specs } = projectDirs(args, io.cwd);
  await projectProviders(specs, io.cwd, [provider]);

  // A spec written by hand has no pin until --accept makes the document it was written from the first one.
  const { readPin } = await import("../load/pin.js");
  const first = args.values.accept === true && readPin(resolve(specs, provider)) === undefined;
  const refsIn = stringOption(args, "refs-in");
  const { pinned, newer } = await readDocuments(specs, provider, newerPath, refsIn, io.cwd, !first);
  if (!pinned)
    return pinFirst(
      io,
      { provider, specs, newerPath, newer, source: stringOption(args, "source") },
      {
        json: args.values.json === true,
      },
    );
  const { linkProvider } = await import("../emit/link-provider.js");
  const { ir, document } = await fromSpecs("upstream", () => linkProvider(io.cwd, resolve(specs, provider)));
  const { serverPathOf } = await import("../upstream/facts.js");
  const ours = serverPathOf(document.source.data as Record<string, unknown>);
  const tools = ir.operations.map((op) => op.tool);
  const { upstreamChanges } = await import("../upstream/changes.js");
  const { upstreamReport } = await import("../upstream/report.js");
  const one = (name: string, doc: Record<string, unknown>) => ({ root: name, files: new Map([[name, doc]]) });
  // Answers typed any media type with an object or list schema compared as the JSON they are (add's cut types them so).
  const { withJsonForWildcards } = await import("../import/cut/wildcard-json.js");
  const [older, newest] = [withJsonForWildcards(pinned.document), withJsonForWildcards(newer.document)];
  // Ctrl-C or SIGTERM stops the comparison between two operations, before anything is printed or written.
  const controller = new AbortController();
  void io.interrupted.then(() => controller.abort(new Interrupted()));
  const { otherOperationChanges } = await import("../upstream/other-operations.js");
  let compared = "nothing compared";
  let report: Parameters<typeof upstreamReport>[0] & { pinned: { file: string; sha256: string }; called: number };
  try {
    const { checkpoint } = await import("../common/checkpoint.js");
    await checkpoint(controller.signal);
    const { changes, called } = await upstreamChanges(one(pinned.file, older), one(newerPath, newest), tools, ours, {
      signal: controller.signal,
      ...(ir.pollTriggers ? { pollTriggers: ir.pollTriggers } : {}),
      onOperation: (done, total) => {
        if (done === 0)
          io.stderr.write(`upstream: comparing the ${total} operation${total === 1 ? "" : "s"} we call…\n`);
        compared = `${done} of the ${total} operation${total === 1 ? "" : "s"} we call compared`;
      },
    });
    // What reaches the tools through add's drafting rules (words, a body's shape), for a provider add started.
    changes.push(...(await draftedOnly(specs, provider, newerPath, newer, tools, ours, changes)));
    const { severityRank } = await import("../changes/kinds.js");
    changes.sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
    compared =
      `the ${called.size} operation${called.size === 1 ? "" : "s"} we call compared (${changes.length} ` +
      `change${changes.length === 1 ? "" : "s"}), the others not counted`;
    // Operations we do not call: their changes counted, part by part.
    const rest = await otherOperationChanges(older, newest, called, controller.signal);
    await checkpoint(controller.signal); // a signal given in under the pacer's 50 ms: stopped before any output
    report = {
      provider,
      pinned: { file: pinned.file, sha256: pinned.sha256 },
      changes,
      unbound: rest.unbound,
      unmatched: rest.unmatched,
      spec: ir.sources.openapi,
      called: called.size,
    };
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    io.stderr.write(
      `upstream: interrupted: ${compared}; no report${args.values.accept ? ", nothing pinned or written" : ""}\n`,
    );
    return 130;
  }
  const { changes } = report;
  const { anotherApiWarning } = await import("../upstream/another-api.js");
  await printReport(io, upstreamReport, report, args.values, anotherApiWarning(older, newest, changes, report.called));
  if (args.values.accept)
    await acceptNewer(io, { provider, specs, newerPath, pinned, newer, source: stringOption(args, "source"), ir });
  return changes.some((c) => c.severity !== "informational") ? 1 : 0;
}

/**
 * The changes add's drafting rules give a parameter the tools send (a list read from words, the lone field of a
 * required body), between the provider's cut (openapi.yaml, of the pinned document) and a cut of the newer document;
 * none for a spec written by hand, which add's rules never drafted.
 */
async function draftedOnly(
  specs: string,
  provider: string,
  newerPath: string,
  newer: Published,
  tools: LinkedProvider["ir"]["operations"][number]["tool"][],
  serverPath: string,
  found: import("../upstream/changes.js").UpstreamChange[],
): Promise<import("../upstream/changes.js").UpstreamChange[]> {
  const { readFileSync } = await import("node:fs");
  const { isCut, recut } = await import("../upstream/recut.js");
  const olderCut = readFileSync(resolve(specs, provider, "openapi.yaml"), "utf8");
  if (!isCut(olderCut)) return [];
  const operations = tools.map((t) => ({ method: t.method, path: t.path, operationId: t.operationId }));
  let newerCut: string;
  try {
    newerCut = recut(olderCut, newer.document, operations, newerPath, "").text;
  } catch {
    return []; // a newer document add could not cut: the schema comparison above is the report
  }
  const { draftedChanges } = await import("../upstream/drafted-changes.js");
  return draftedChanges({ olderCut, newerCut, cutName: "openapi.yaml", provider, tools, serverPath, found });
}

/** The report on stdout (JSON, or text), a warning that the newer document is another API's first on stderr. */
async function printReport<R>(
  io: CliIo,
  text: (report: R, all: boolean) => string,
  report: R,
  options: { json?: boolean | undefined; all?: boolean | undefined },
  warning: string | undefined,
): Promise<void> {
  // What the published documents say is outside text: escaped as every text report escapes it.
  const { logSafe } = await import("../common/github-actions.js");
  if (warning) io.stderr.write(logSafe(`upstream: warning: ${warning}\n`));
  io.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : logSafe(text(report, options.all === true)));
}

/** The pinned document (unless `pinnedToo` is false) and the newer one (its `$ref`s read inside `refsIn`, --refs-in,
 * when given); a document that cannot be read or parsed is a usage error of one line, at its file:line:col when it has
 * one. */
async function readDocuments(
  specs: string,
  provider: string,
  newerPath: string,
  refsIn: string | undefined,
  cwd: string,
  pinnedToo: boolean,
): Promise<{ pinned: Pinned | undefined; newer: Published }> {
  const { readPinned, readPublished, PublishedDocumentError } = await import("../upstream/published.js");
  const { SourceError, UnreadableSource } = await import("../load/yaml-source.js");
  try {
    const pinned = pinnedToo ? await readPinned(specs, provider, cwd) : undefined;
    const file = resolve(cwd, newerPath);
    const newer = await readPublished(
      file,
      newerPath,
      refsIn === undefined ? undefined : refsFolder(refsIn, file, cwd),
    );
    // Nesting too deep through its `$ref`s for the comparison's and the recut's walks: refused before either, and
    // before --accept pins it, as add refuses it before drafting (load/schemas/reference-depth.ts).
    const { tooDeepThroughReferences, referencedNestingRule } = await import("../load/schemas/reference-depth.js");
    const deep = tooDeepThroughReferences(newer.document);
    if (deep) throw new UsageError("BW1002", `${newerPath}: ${referencedNestingRule(deep)}`);
    return { pinned, newer };
  } catch (e) {
    if (e instanceof PublishedDocumentError || e instanceof SourceError || e instanceof UnreadableSource)
      throw new UsageError(e instanceof PublishedDocumentError ? "BW3010" : e.code, e.message);
    throw e;
  }
}

/** What --accept is given: the provider, the documents pinned and newer, and the provider's linked spec. */
interface Accepting {
  provider: string;
  specs: string;
  newerPath: string;
  pinned: Pinned;
  newer: Published;
  /** --source: where the newer document came from. */
  source: string | undefined;
  ir: LinkedProvider["ir"];
}

/** --accept: pin the newer document, and cut again from it the spec of a provider add started. */
async function acceptNewer(io: CliIo, accepting: Accepting): Promise<void> {
  const { provider, newerPath, pinned, newer, source } = accepting;
  const { acceptPublished, PublishedDocumentError } = await import("../upstream/published.js");
  let file: string;
  try {
    const today = new Date().toISOString().slice(0, 10);
    file = acceptPublished(pinned.dir, pinned, provider, resolve(io.cwd, newerPath), newer, source, today);
  } catch (e) {
    if (e instanceof PublishedDocumentError) throw new UsageError("BW3010", e.message);
    throw e;
  }
  io.stderr.write(`upstream: pinned ${newerPath} as ${provider}/upstream/${file}\n`);
  await recutFromNewer(io, accepting);
}

/**
 * A provider add started: its spec is a cut of the published document, so it is cut again from the newer one, and
 * the manifest follows what the newer cut asks or drafts otherwise; a spec written by hand is left to its author.
 */
async function recutFromNewer(io: CliIo, { provider, specs, newerPath, newer, source, ir }: Accepting): Promise<void> {
  const { logSafe } = await import("../common/github-actions.js");
  const tools = ir.operations.map((op) => op.tool);
  const { readFileSync } = await import("node:fs");
  const { isCut, recut } = await import("../upstream/recut.js");
  const specFile = resolve(specs, provider, "openapi.yaml");
  const specText = readFileSync(specFile, "utf8");
  if (isCut(specText)) {
    const { sha256 } = await import("../common/hash.js");
    const { writeWhole } = await import("../common/files.js");
    const operations = tools.flatMap((t) => [
      { method: t.method, path: t.path, operationId: t.operationId },
      ...t.routes.map((r) => ({ method: r.method, path: r.path, operationId: r.operationId })),
    ]);
    const cut = recut(specText, newer.document, operations, source ?? newerPath, sha256(newer.text));
    writeWhole(specFile, cut.text);
    // What the newer document now asks of a value the manifest sends (required, a bound, fewer enum values): written
    // so; and a list or bound the manifest holds as the older cut gave it follows the newer where it accepts more.
    const { tightenManifest } = await import("../upstream/tighten.js");
    const manifestFile = resolve(specs, provider, "manifest.yaml");
    const tightened = tightenManifest(readFileSync(manifestFile, "utf8"), cut.text, ir.sources.openapi, specText);
    // What add drafts otherwise from the newer cut (texts, new optional parameters and outputs), where the manifest
    // holds the older draft.
    const { carryDrafted } = await import("../upstream/carry.js");
    const carried = carryDrafted(tightened.text, specText, cut.text, ir.sources.openapi, tightened.renamed);
    const renamed = tightened.renamedLines ?? [];
    if (tightened.lines.length || carried.lines.length || renamed.length) writeWhole(manifestFile, carried.text);
    if (renamed.length) {
      io.stderr.write(
        `upstream: the newer document names ${renamed.length} operation${renamed.length === 1 ? "" : "s"} or ` +
          `path parameter${renamed.length === 1 ? "" : "s"} otherwise (the same method and path), or gives a gone ` +
          `operation's name to another; the names followed (a gone one pinned to its method and path) ` +
          `in ${ir.sources.manifest}:\n` +
          renamed.map((l) => `  ${logSafe(l)}\n`).join(""),
      );
    }
    if (tightened.lines.length) {
      io.stderr.write(
        `upstream: the newer document asks more of (or accepts more in) ${tightened.lines.length} ` +
          `value${tightened.lines.length === 1 ? "" : "s"} the manifest sends; ` +
          `written in ${ir.sources.manifest}:\n${tightened.lines.map((l) => `  ${logSafe(l)}\n`).join("")}`,
      );
    }
    if (carried.lines.length) {
      io.stderr.write(
        `upstream: ${carried.lines.length} text${carried.lines.length === 1 ? "" : "s"}, ` +
          `parameter${carried.lines.length === 1 ? "" : "s"} or output${carried.lines.length === 1 ? "" : "s"} ` +
          `carried from the newer document as add drafts them, each with a "# review:" note, ` +
          `in ${ir.sources.manifest}:\n${carried.lines.map((l) => `  ${logSafe(l)}\n`).join("")}`,
      );
    }
    if (cut.moved.length)
      io.stderr.write(
        `upstream: the newer document serves ${cut.moved.length} operation${cut.moved.length === 1 ? "" : "s"} the ` +
          `tools call at another method or path, under the same operationId: followed, the tools keep their ` +
          `names and inputs:\n${cut.moved.map((l) => `  ${logSafe(l)}\n`).join("")}`,
      );
    const edited = tightened.lines.length + carried.lines.length + renamed.length > 0;
    const gone = cut.missing.join(", ");
    io.stderr.write(
      `upstream: re-cut ${ir.sources.openapi} from it (${cut.kept} operation${cut.kept === 1 ? "" : "s"}); ` +
        `the manifest is kept${edited ? " but for the lines above" : " as it is"}: ` +
        `run blockwright generate` +
        `${cut.missing.length ? ` (it no longer has ${gone}: generate says where the manifest calls them)` : ""}\n`,
    );
  } else io.stderr.write(`upstream: ${ir.sources.openapi} is written by hand: update it for the changes above\n`);
}

/** What the first pin is given: the provider and the document. */
interface FirstPin {
  provider: string;
  specs: string;
  newerPath: string;
  newer: Published;
  source: string | undefined;
}

/**
 * --accept where no document is pinned (a spec written by hand): the document becomes the first pin, nothing compared.
 * One that lacks an operation the tools call is refused, naming those it lacks: another API's, another version's, or
 * the spec calls what the vendor does not publish; comparing later versions with it would report what is not so.
 */
async function pinFirst(io: CliIo, first: FirstPin, options: { json: boolean }): Promise<number> {
  const { provider, specs, newerPath, newer, source } = first;
  const { calledOperations, operationsNotIn } = await import("../upstream/first-pin.js");
  const { SourceError } = await import("../load/yaml-source.js");
  let read: ReturnType<typeof calledOperations>;
  try {
    read = calledOperations(resolve(specs, provider), (path) => relative(io.cwd, path) || path);
  } catch (e) {
    if (e instanceof SourceError) throw new UsageError(e.code, e.message);
    throw e;
  }
  const missing = operationsNotIn(newer.document, read.called, read.ours);
  const called = new Set(read.called.map((o) => `${o.method} ${o.path}`)).size;
  const { logSafe } = await import("../common/github-actions.js");
  if (missing.length)
    throw new UsageError(
      "BW3010",
      logSafe(
        `${newerPath} lacks ${missing.length} of the ${called} operation${called === 1 ? "" : "s"} ${provider}'s ` +
          `tools call (by method and path, as upstream compares them): not the document its spec was written from; ` +
          `nothing pinned\n${missing.map((m) => `  ${m.tool} · ${m.method} ${m.path}`).join("\n")}`,
      ),
    );
  const { acceptPublished, PublishedDocumentError } = await import("../upstream/published.js");
  let file: string;
  try {
    const today = new Date().toISOString().slice(0, 10);
    const dir = join(specs, provider, "upstream");
    file = acceptPublished(dir, undefined, provider, resolve(io.cwd, newerPath), newer, source, today);
  } catch (e) {
    if (e instanceof PublishedDocumentError) throw new UsageError("BW3010", e.message);
    throw e;
  }
  const { sha256 } = await import("../common/hash.js");
  const pinned = { file, sha256: sha256(newer.text) };
  io.stdout.write(
    options.json
      ? `${JSON.stringify({ provider, pinned, first: true, changes: [] }, null, 2)}\n`
      : `${provider}: no document was pinned before: nothing compared; the ${called} ` +
          `operation${called === 1 ? " we call is" : "s we call are"} in it\n`,
  );
  io.stderr.write(
    `upstream: pinned ${newerPath} as ${provider}/upstream/${file}, the document ${provider}'s spec was written ` +
      `from; \`blockwright upstream ${provider} <newer document>\` compares a newer one with it\n`,
  );
  return 0;
}

/**
 * The newer document a file (an address is not fetched: said so, with how to give it, not "no such file"), and
 * --source one line of text, given with --accept, which records it.
 */
function checkNewerGiven(newerPath: string, source: string | undefined, accept: boolean): void {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(newerPath)) {
    const quoted = `'${newerPath.replaceAll("'", "'\\''")}'`;
    throw new UsageError(
      "BW1003",
      `${newerPath}: upstream reads the newer document from a file, it does not fetch an address: download it ` +
        `(curl -fsSLo newer.json ${quoted}) and give the file, with --accept --source ${quoted} to record where it ` +
        "came from",
    );
  }
  if (source === undefined) return;
  if (!accept)
    throw new UsageError(
      "BW3004",
      "--source goes with --accept: it records where the document --accept pins came from",
    );
  if (!source.trim() || /\p{Cc}/u.test(source))
    throw new UsageError(
      "BW3003",
      `--source takes one line of text, the address the document came from, got ${JSON.stringify(source)}`,
    );
}
