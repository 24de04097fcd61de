// Prism mock servers built from specs/<provider>/openapi.yaml, run in-process
// (one listener per provider on a free loopback port). In-process start-up is
// ~1 s for all providers, against ~1.7 s per spec for the Prism CLI, and
// stopping needs no child process to be reaped.
//
// Prism logs a failed request whole (headers, query, body), credentials
// included: its logger redacts those parts, so no secret reaches a log.
//
// A mock serves the document generation reads, as the generator reads it
// (openapi-source.ts: bundled, references to network addresses refused,
// aliases bounded, examples checked), and refuses with the generator's
// errors. Prism is given that document, not the file: left to itself it
// resolved every $ref, network addresses and any file included, and
// expanded an alias bomb until it held gigabytes. Nor does it dereference
// the document (mock-operations.ts): on a densely linked one that took hours.
//
// A mock never closes an idle connection: its client, which alone knows when
// it will send the next request, does. Node's server closed one after 5 s
// idle, while fetch (undici) reuses one for up to 4 s; on a loaded machine
// the client's clock ran late, it sent a request on a connection the server
// had just closed, and the call failed with "other side closed".
import { guardedListener } from "../common/request-guard.js";
import { withBasicPasswords, withNamedHttpSchemes, withRequirementsApart } from "./mock-auth.js";
import { withBodiesRequiredByJudge } from "./mock-form-bodies.js";
import type { Server as HttpServer, RequestListener } from "node:http";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { getAtPointer, parseExpression, type ToolSpec } from "@blockwright/runtime/internal";
import { dirname, join, resolve } from "node:path";
import { openapiPathOf } from "../load/provider-dirs.js";
import { type CoveredSlot, mockDocument } from "./mock-document.js";
import type { RecordStamp } from "./state/record-stamps.js";
import { prismOperations } from "./mock-operations.js";
import { withReadableMultipartNames } from "./multipart-names.js";
import { withSingleFraming } from "./answers/single-framing.js";
import { type Prism, type PrismServer, prismServer } from "./routing/prism-server.js";
import type { OpenApiFiles } from "../load/openapi-source.js";
import { withMediaTypeCheck } from "./media-types.js";
import { pagedRoutes, withPaging } from "./mock-paging.js";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { documentServer } from "../link/server/server.js";
import { type PrismOperation, RealisticAnswers, withRealisticAnswers } from "./mock-realistic.js";
import { type CredentialPath, credentialPathOf, withCredentialPath } from "./credential-path.js";
import { type LinkedSubject, servedSource } from "../load/linked-subject.js";
import { OncePerLink } from "./prepared/once-per-link.js";
import { handedCopy } from "./prepared/handed-copies.js";
import { KINDS } from "../load/schemas/kinds-read.js";
import { MOVED_ONE_OF } from "../load/openapi-json-schema.js";

const require = createRequire(import.meta.url);

/** Starting a mock failed for a reason the user can fix (a busy port, a missing spec). */
export class MockStartError extends Error {}

/** Parts of a logged request that can carry a credential. */
const REDACTED_LOG_PATHS = [
  "input.headers",
  "input.url.query",
  "input.body",
  "request.headers",
  "request.url.query",
  "request.body",
];

export interface MockServers {
  /** Base address of each provider's mock, e.g. `http://127.0.0.1:41234`. */
  urls: Record<string, string>;
  close(): Promise<void>;
}

export interface MockOptions {
  /** Folder with one sub-folder per provider. */
  specsDir: string;
  /**
   * Project root: files are named relative to it in errors, as generation names them. Default: the specs folder's
   * parent.
   */
  root?: string;
  host?: string;
  /** Fixed port per provider; default: a free port. */
  ports?: Record<string, number>;
  /** Where a refused request is logged (one line each); default stderr. */
  log?: (line: string) => void;
  /** Prism log level; default `error` (quiet). */
  logLevel?: "silent" | "error" | "warn" | "info" | "debug";
  /** The seed of the answers drawn from schemas where the document gives no example (mock-realistic.ts); default 1. */
  seed?: number;
  /** Keep the records of the resources (mock-state.ts): for this process, or in `file` from one run to the next. */
  state?: {
    file?: string;
    /** By provider, the fields set to the time a record is made or changed (state/record-stamps.ts). */
    stamps?: Record<string, readonly RecordStamp[]>;
  };
  /**
   * Providers as the caller linked them (a contract run's worker), by name: their documents and manifests not read
   * again, and each mock serving only the operations of the tools named (load/linked-subject.ts).
   */
  linked?: Record<string, LinkedSubject>;
}

/** The seed of realistic answers when none is given: a fixed one, so that runs without --seed answer alike. */
export const DEFAULT_MOCK_SEED = 1;

/**
 * Prism's server and the http.Server under it, which Prism keeps to itself:
 * taken as Prism creates it (http.createServer, called once, synchronously).
 */
function withHttpServer(
  create: () => PrismServer,
  wrap: (listener: RequestListener) => RequestListener,
): { prism: PrismServer; http: HttpServer } {
  const http = require("node:http") as typeof import("node:http");
  const original = http.createServer;
  let made: HttpServer | undefined;
  // Its request listener is wrapped on the way (mock-paging.ts).
  http.createServer = ((...args: unknown[]) =>
    (made = original(
      ...(args.map((a) => (typeof a === "function" ? wrap(a as RequestListener) : a)) as Parameters<typeof original>),
    ))) as typeof original;
  try {
    const prism = create();
    if (!made) throw new Error("Prism created no http.Server");
    return { prism, http: made };
  } finally {
    http.createServer = original;
  }
}

/** The provider's manifest, as data; undefined when it cannot be read (generation reports why). */
async function manifestData(specsDir: string, provider: string): Promise<unknown> {
  const { INPUT_LIMITS, loadYamlSource } = await import("../load/yaml-source.js");
  try {
    return loadYamlSource(join(specsDir, provider, "manifest.yaml"), undefined, INPUT_LIMITS.manifest).data;
  } catch {
    return undefined;
  }
}

/**
 * The OpenAPI document at `file` as generation reads it, cut to what the manifest binds (a manifest that cannot be
 * read: the whole document), or as `linked` holds it: as a mock serves it (mock-document.ts), and as the request judge
 * holds each request to it (mock-judge.ts), with what the credential covers (its manifest's `auth`); its problems, as
 * generation words them, refuse the mock.
 */
async function servedDocument(
  file: string,
  root: string,
  specsDir: string,
  provider: string,
  linked: LinkedSubject | undefined,
): Promise<{
  document: object;
  judged: OpenApiDocument;
  covers: (slot: CoveredSlot) => boolean;
  loaded: OpenApiFiles;
  basePath: string;
  credentialPath: CredentialPath | undefined;
  readsAsFailure: (body: unknown) => boolean;
}> {
  const { loadOpenApi } = await import("../load/openapi-source.js");
  const { OpenApiDocument } = await import("../load/openapi-document.js");
  const { boundByManifest } = await import("../load/bound-cut.js");
  const { tooDeepSourceError } = await import("../load/schemas/reference-depth.js");
  const { credentialCoversOf } = await import("./credential-covers.js");
  const { withoutStreamFailures } = await import("./streams/stream-failures.js");
  // Loaded only here: the link's module graph is large (and the emitters' larger still: link-provider.ts has none).
  const { GenerationErrors, generationErrors } = await import("../emit/generation-errors.js");
  const { externalRefFoldersOf, openapiRefFolders } = await import("../emit/link-provider.js");
  const manifest = linked ? linked.manifest : await manifestData(specsDir, provider);
  try {
    // The same folders generation lets the document's `$ref`s read.
    const loaded: OpenApiFiles = linked
      ? { source: servedSource(linked), files: new Map(), warnings: [] }
      : await loadOpenApi(
          file,
          root,
          openapiRefFolders(join(specsDir, provider), file, externalRefFoldersOf(root)),
          undefined,
          undefined,
          boundByManifest(manifest),
        );
    const data = loaded.source.data as object;
    const covers = credentialCoversOf((manifest as { auth?: unknown } | null | undefined)?.auth, data);
    const server = documentServer(data);
    const basePath = server && "path" in server ? server.path : "";
    const credentialPath = credentialPathOf((manifest as { auth?: unknown } | null | undefined)?.auth, data, basePath);
    // A document nesting too deep through its `$ref`s for the recursive walks of the mock's copy and the judge's
    // reading, refused by its depth and place (load/schemas/reference-depth.ts). Measured first, not where a walk
    // overflows as generate does: in a process whose walks run optimised (a test's, a long `serve`'s) the same
    // walk need not overflow, and the mock then served what generate refuses. A mock's copy costs far more.
    const tooDeep = tooDeepSourceError(loaded.source);
    if (tooDeep) throw tooDeep;
    return {
      // HTTP schemes Prism's check does not know, checked as keys in Authorization (mock-auth.ts); a required body
      // left for the judge to require (mock-form-bodies.ts).
      // Read back where a thread before this one made it of the same (prepared/handed-copies.ts).
      document: handedCopy(
        [data, manifest],
        () =>
          withBodiesRequiredByJudge(
            withNamedHttpSchemes(withRequirementsApart(mockDocument(withoutStreamFailures(data, manifest), covers))),
          ),
        [KINDS, MOVED_ONE_OF],
      ),
      judged: new OpenApiDocument(loaded.source),
      covers,
      loaded,
      basePath,
      credentialPath,
      readsAsFailure: failureReader(manifest),
    };
  } catch (e) {
    const problems = generationErrors(e);
    if (!(problems instanceof GenerationErrors)) throw e;
    const count = problems.errors.length;
    throw new MockStartError(
      `the OpenAPI document of "${provider}" has ${count} problem${count > 1 ? "s" : ""}, ` +
        `as generation reports:\n${problems.message}`,
    );
  }
}

/**
 * The provider's tools that page, for mock-paging.ts: linked from its
 * manifest, when it declares pagination and links (a manifest that does not
 * is generate's to report; its mock then pages as Prism does).
 */
async function pagedTools(root: string, specsDir: string, provider: string, loaded: OpenApiFiles): Promise<ToolSpec[]> {
  const dir = join(specsDir, provider);
  const manifest = join(dir, "manifest.yaml");
  if (!existsSync(manifest) || !/^\s*pagination:/m.test(readFileSync(manifest, "utf8"))) return [];
  const { linkProvider, externalRefFoldersOf } = await import("../emit/link-provider.js");
  try {
    // The document as servedDocument loaded it (mockDocument left it untouched): a whole published one is not read
    // twice.
    return (await linkProvider(root, dir, externalRefFoldersOf(root), undefined, undefined, loaded)).ir.operations
      .map((o) => o.tool)
      .filter((t) => t.pagination);
  } catch {
    return [];
  }
}

export async function startMocks(providers: string[], options: MockOptions): Promise<MockServers> {
  const specsDir = options.specsDir;
  const host = options.host ?? "127.0.0.1";
  const root = options.root ?? dirname(resolve(specsDir));
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Every document is read and checked before Prism is loaded (its bundle takes a third of a second of
  // CPU): a document generation refuses stops the command without it, and before any mock listens.
  const served = await servedDocuments(providers, specsDir, root, options.linked);
  const { withJudge } = await import("./mock-judge.js");
  const { withState } = await import("./mock-state.js");
  const { MockState, StateFileError } = await import("./state/state-file.js");
  const { resourcesOf } = await import("./mock-resources.js");
  let state: InstanceType<typeof MockState> | undefined;
  try {
    state = options.state ? new MockState(options.state.file, options.state.stamps) : undefined;
  } catch (e) {
    throw e instanceof StateFileError ? new MockStartError(e.message) : e;
  }
  // Prism's entry points, bundled into the build (vendor/prism.cjs): the published package depends on no Prism package.
  const prism = require("../vendor/prism.cjs") as Prism;
  const { createServer, createLogger } = prism;
  // Logs go to stderr: stdout carries data (a mock command's addresses).
  const logger = createLogger(
    "mock",
    { level: options.logLevel ?? "error", redact: { paths: REDACTED_LOG_PATHS, censor: "[withheld]" } },
    process.stderr,
  );
  const servers: { prism: PrismServer; http: HttpServer }[] = [];
  const urls: Record<string, string> = {};
  const close = async () => {
    await Promise.allSettled(
      servers.map((s) => {
        const closed = s.prism.close();
        // Idle connections are never timed out (see the top): end them all, in use or not.
        s.http.closeAllConnections();
        return closed;
      }),
    );
  };
  try {
    const started = await Promise.all(
      served.map(
        async ({ provider, document, judged, covers, original, basePath, paged, credentialPath, readsAsFailure }) => {
          const operations = prismOperations(document, prism) as Parameters<typeof createServer>[0];
          // Answers drawn from the schemas where the document has none, as requests reach them (mock-realistic.ts).
          const answers = new RealisticAnswers(
            document as Record<string, unknown>,
            original,
            operations as unknown as PrismOperation[],
            options.seed ?? DEFAULT_MOCK_SEED,
            readsAsFailure,
          );
          // Resources kept (mock-state.ts), where the paths line up as resources; said once where none do.
          const resources = state ? resourcesOf(document as Record<string, unknown>) : [];
          if (state && !resources.length)
            log(
              `mock of ${provider}: no resource recognised in its paths (POST /things creating, ` +
                `GET /things/{id} reading): its answers are realistic, none kept`,
            );
          const stateful = (inner: RequestListener) =>
            state ? withState(inner, { provider, resources, state, answers, paged, log }) : inner;
          // The judge, after a credential in the address is read as the document's server path (credential-path.ts).
          const judging = (inner: RequestListener) =>
            withCredentialPath(withJudge(inner, judged, basePath, covers), credentialPath);
          const { prism: server, http } = withHttpServer(
            () => prismServer(prism, operations, logger, provider),
            (listener) =>
              mockLayers(listener, {
                answers,
                paged,
                stateful,
                judging,
                log: (line) => log(`mock of ${provider}: ${line}`),
              }),
          );
          // 0: no idle time-out, and no Keep-Alive hint (the client keeps its own, shorter one).
          http.keepAliveTimeout = 0;
          servers.push({ prism: server, http });
          const port = options.ports?.[provider] ?? 0;
          const address = await listenAt(server, port, host, provider);
          return [provider, address.replace(/\/+$/, "")] as const;
        },
      ),
    );
    for (const [provider, url] of started) urls[provider] = url;
  } catch (e) {
    await close();
    throw e;
  }
  return { urls, close };
}

/**
 * Whether a success answer's body reads as a failure by the manifest's `errors.failureWhen` (`ok: false`): a mock's
 * made answer must not, or every call of a success answer fails. Only the body's values are read here.
 */
function failureReader(manifest: unknown): (body: unknown) => boolean {
  const rules = (manifest as { errors?: { failureWhen?: unknown } } | null | undefined)?.errors?.failureWhen;
  // Read as the runtime reads them (parseExpression, getAtPointer); a rule it cannot read is generate's to report.
  const tests = (Array.isArray(rules) ? rules : []).flatMap((rule) => {
    const { from, equals } = (rule ?? {}) as { from?: unknown; equals?: unknown };
    try {
      const ref = typeof from === "string" ? parseExpression(from) : undefined;
      return ref?.kind === "body" ? [{ pointer: ref.pointer, equals }] : [];
    } catch {
      return [];
    }
  });
  return (body) => tests.some(({ pointer, equals }) => getAtPointer(body, pointer) === equals);
}

/**
 * A linked subject's served document, made once a process: each mock's start reads it only (prismOperations copies
 * it, the judge reads it), so a worker's stateful mock shares its stateless mocks' (prepared/once-per-link.ts).
 */
const servedOnce = new OncePerLink<ReturnType<typeof servedDocument>>();

/** Each provider's document read and checked as the mock serves it, its original and its paged routes beside it. */
async function servedDocuments(
  providers: string[],
  specsDir: string,
  root: string,
  linked: MockOptions["linked"] = {},
) {
  return Promise.all(
    providers.map(async (provider) => {
      const file = openapiPathOf(specsDir, provider);
      if (!existsSync(file)) throw new MockStartError(`no OpenAPI document for provider "${provider}" (${file})`);
      const subject = Object.hasOwn(linked, provider) ? linked[provider] : undefined;
      const read = await (subject
        ? servedOnce.of(subject, file, () => servedDocument(file, root, specsDir, provider, subject))
        : servedDocument(file, root, specsDir, provider, subject));
      const paging = subject
        ? subject.tools.filter((t) => t.pagination)
        : await pagedTools(root, specsDir, provider, read.loaded);
      return {
        provider,
        ...read,
        original: read.loaded.source.data as Record<string, unknown>,
        // A next address read against the linked document's operations, as the suite's example case reads it.
        paged: pagedRoutes(paging, read.judged, subject?.document),
      };
    }),
  );
}

/** Listens on `port` of `host` (0: any free one): a port in use or not allowed said as such, naming the mock. */
async function listenAt(server: PrismServer, port: number, host: string, provider: string): Promise<string> {
  return server.listen(port, host).catch((e: NodeJS.ErrnoException | string) => {
    // Prism's listener rejects with the socket error's message (a string), not the error.
    const code = typeof e === "string" ? /\b(EADDRINUSE|EACCES)\b/.exec(e)?.[1] : e.code;
    if (code === "EADDRINUSE")
      throw new MockStartError(`port ${port} on ${host} is already in use (mock of ${provider})`);
    if (code === "EACCES") throw new MockStartError(`port ${port} on ${host} is not allowed (mock of ${provider})`);
    throw typeof e === "string" ? new Error(e) : e;
  });
}

/**
 * The layers a request passes before Prism, outermost first. The guard first: a request naming no address reaches none
 * of the others (request-guard.ts). The judge reads the bytes as the client sent them; Prism alone gets part names it
 * can read (multipart-names.ts).
 */
function mockLayers(
  listener: RequestListener,
  o: {
    answers: RealisticAnswers;
    paged: ReturnType<typeof pagedRoutes>;
    stateful: (inner: RequestListener) => RequestListener;
    judging: (inner: RequestListener) => RequestListener;
    log: (line: string) => void;
  },
): RequestListener {
  return guardedListener(
    withSingleFraming(
      o.judging(
        withMediaTypeCheck(
          withPaging(
            o.stateful(withBasicPasswords(withReadableMultipartNames(withRealisticAnswers(listener, o.answers)))),
            o.paged,
            (...reply) => o.answers.fits(...reply),
          ),
        ),
      ),
    ),
    o.log,
  );
}
