// `blockwright add <provider> --from <document> --operations <id,…>`: a new
// provider started from its published API document.
import { parseArgs, positiveInteger, stringOption, listOption } from "./support/args.js";
import { INTERRUPTED, UsageError, type CliIo } from "./support/io.js";

export const USAGE = `Usage: blockwright add <provider> --from <document> --operations <id,...> [--tag <t>] \
[--path-prefix <p>] [--source <address>] [--refs-in <folder>] [--force] [--json] [--timeout <s>] [--specs <dir>]
       blockwright add --from <document> --list

Start a provider from its published API document: OpenAPI 3.0, 3.1 or 3.2
(read as 3.1), or Swagger 2.0 (converted to OpenAPI 3.0 by blockwright), JSON or YAML, a
file or an https address. A file whose $refs name other files (path items,
operations, parameters, schemas of their own) is bundled into one document
first (@redocly/openapi-core), reading only files in the root's folder and
under it, or in the folder --refs-in names.
Writes <specs>/<provider>/:

  openapi.yaml    the document cut to the chosen operations and everything
                  they $ref, as published (nothing renamed, inlined or
                  reordered; a part $ref'd inside another operation is
                  moved into components, said in the file's header)
  manifest.yaml   a draft: metadata, credential, errors, and per operation its
                  parameters with their limits, outputs and paging, with a
                  "# review:" comment above every guess
  upstream/       the published document as it was and source.yaml (address,
                  date, sha256), so that blockwright upstream works at once

then checks that the draft links as generate will, and prints what was cut,
what was drafted and what to review. A draft generate would refuse (a document
that contradicts itself in a way add cannot settle) is written all the same,
with each problem named, and add exits 1.

  --from <document>    a file, or an https address (http only on loopback)
  --operations <ids>   the operations, comma-separated (repeatable): by
                       operationId, as "METHOD /path", or by a path that has
                       one operation; "all" for every operation
  --tag <tags>         every operation with one of these tags (comma-separated,
                       repeatable), in the document's order
  --path-prefix <p>    every operation whose path is <p> or under it, whole
                       segments (/v1/users: also /v1/users/{id}, not
                       /v1/usersettings); repeatable
                       (--operations, --tag and --path-prefix add up: each
                       operation once; one of them is needed). An operation
                       no call of could succeed (a body the runtime does not
                       write, a list no style writes, a security scheme it
                       does not meet) is refused when named, and left out of
                       "all", a tag or a prefix with a review note
  --list               print the document's operations and exit: a line each,
                       the name --operations takes (an operationId, or in
                       parentheses why it takes METHOD /path instead), the
                       method and path, the summary
  --source <address>   where a local file was published (recorded in
                       upstream/source.yaml; default: the file as given)
  --refs-in <folder>   the folder (and those under it) whose files a multi-file
                       document's $refs may read, where they reach beyond the
                       root's own (spec/namespaces/_core.yaml naming
                       ../schemas/x.yaml: --refs-in spec); it must hold the
                       root; no other file is read
  --force              replace the provider's manifest, spec and pinned
                       document when it exists
  --json               print the summary as JSON on stdout
  --timeout <s>        the most seconds fetching an address may take
                       (default 120)
  --specs <dir>        the specs folder (default ./specs)

Progress goes to stderr. Ctrl-C or SIGTERM stops at once; nothing is written
until the whole draft is ready.

Exit status: 0 written and the draft links (review the notes), 1 the address
could not be fetched, or the draft is written but generate would refuse it (the
check names each problem: fix them in the draft), 2 usage error or a document
add cannot read, 70 internal error (a bug: please report it), ${INTERRUPTED}.`;

const DEFAULT_TIMEOUT_S = 120;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    from: { type: "string" },
    operations: { type: "string", multiple: true },
    tag: { type: "string", multiple: true },
    "path-prefix": { type: "string", multiple: true },
    list: { type: "boolean" },
    source: { type: "string" },
    "refs-in": { type: "string" },
    force: { type: "boolean" },
    json: { type: "boolean" },
    timeout: { type: "string" },
    specs: { type: "string" },
  });
  const from = stringOption(args, "from");
  if (!from) throw new UsageError("BW3002", "needs --from <document> (a file, or an https address)");
  const list = args.values.list === true;
  const [provider, ...extra] = args.positionals;
  if (extra.length) throw new UsageError("BW3002", `unexpected argument ${JSON.stringify(extra[0])}`);
  const listed = (name: string) =>
    listOption(args, name)
      .flatMap((n) => n.split(","))
      .map((n) => n.trim())
      .filter(Boolean);
  const names = listed("operations");
  const groups = {
    tags: listed("tag"),
    pathPrefixes: listOption(args, "path-prefix")
      .map((p) => p.trim())
      .filter(Boolean),
  };
  for (const prefix of groups.pathPrefixes)
    if (!prefix.startsWith("/"))
      throw new UsageError(
        "BW3002",
        `--path-prefix is a path of the document, starting with /, got ${JSON.stringify(prefix)}`,
      );
  if (!list) {
    if (!provider)
      throw new UsageError(
        "BW3002",
        "needs <provider>: the id of the new provider (lower-case letters and digits, such as acme)",
      );
    if (!/^[a-z][a-z0-9]*$/.test(provider))
      throw new UsageError(
        "BW3003",
        `<provider> is the provider id: lower-case letters and digits, starting with a letter (it names the ` +
          `folder, the package and every operation), got ${JSON.stringify(provider)}`,
      );
    if (!names.length && !groups.tags.length && !groups.pathPrefixes.length)
      throw new UsageError(
        "BW3002",
        "needs --operations <id,...> (or --tag, --path-prefix): the operations to keep (--list prints the " +
          "document's operations)",
      );
  }
  const timeoutMs = (positiveInteger(stringOption(args, "timeout"), "--timeout", 3600) ?? DEFAULT_TIMEOUT_S) * 1000;
  const { addProvider } = await import("./support/add-provider.js");
  return addProvider(
    {
      from,
      provider,
      names,
      groups,
      list,
      source: stringOption(args, "source"),
      refsIn: stringOption(args, "refs-in"),
      force: args.values.force === true,
      json: args.values.json === true,
      timeoutMs,
      specs: stringOption(args, "specs"),
    },
    io,
  );
}
