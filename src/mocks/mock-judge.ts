// Every request a mock receives, judged (src/judge/) against the document as
// generation reads it, before Prism, whose own reading of parameters is
// lenient: a refused request is answered 422 with each refusal (the judge's
// problem type), and never reaches Prism. The mock is steered out of band:
// Prism's query keys (`__code`, `__example`, …) are taken out of what is
// judged, and a `Prefer` header the operation declares is the API's own —
// judged, then kept from Prism (which would read it as steering; the served
// document leaves that parameter out, mock-document.ts). A path value that
// spans segments (its `/` sent as they are) reaches Prism with them encoded,
// one segment as Prism routes it.
//
// The mock answers a request with no credential, or to a path the document
// does not have, as the service does (Prism's 401, 404): the judge refuses
// only a credential sent in a form its scheme does not take.
import type { IncomingHttpHeaders, IncomingMessage, RequestListener } from "node:http";
import { MOCK_OPERATION_KEY, MOCK_STEERING_KEYS } from "@blockwright/runtime/workflow";
import { type OpenApiDocument, declaredParameter } from "../load/openapi-document.js";
import { requestJudge } from "../judge/judge.js";
import { multiSegmentKind, multiSegmentMarker } from "../load/operations/multi-segment.js";
import { servedKeyPaths } from "../load/operation-index.js";
import { refusalProblem } from "../judge/judge-problem.js";
import { readWhole, replayed, rewriteTarget } from "./requests/replayed-request.js";

/** `makeJudge`: the judge's maker (a test's, to see a defect of the judge answered). */
export function withJudge(
  listener: RequestListener,
  document: OpenApiDocument,
  basePath: string,
  covered: (slot: { in: string; name: string }) => boolean,
  makeJudge: typeof requestJudge = requestJudge,
): RequestListener {
  const judge = makeJudge(document, { basePath, credential: "form", covered });
  const servedAt = servedKeyPaths([...document.operations.values()].map((op) => op.path));
  return (req, res) => {
    void readWhole(req).then(
      (body) => {
        const { target, as } = namedOperation(req.url ?? "/");
        const url = new URL(withoutSteering(target), "http://mock.invalid");
        let judgement: ReturnType<typeof judge>;
        try {
          judgement = judge(
            {
              method: req.method ?? "GET",
              url: url.href,
              headers: headersOf(req.headers),
              ...(body.length ? { body } : {}),
            },
            as,
          );
        } catch (e) {
          // A defect of the judge: a clear 500 the case reports, never an exception that ends the process.
          const problem = JSON.stringify({
            type: "about:blank",
            title: "The request judge failed",
            status: 500,
            detail: (e as Error)?.message ?? String(e),
          });
          res.writeHead(500, {
            "content-type": "application/problem+json",
            "content-length": Buffer.byteLength(problem),
          });
          res.end(problem);
          return;
        }
        // A path no operation has is Prism's to answer (404 or 405), as the service would.
        if (judgement.refusals.length && judgement.operation !== undefined) {
          const { status, body: problem } = refusalProblem(judgement, `${req.method} ${url.pathname}${url.search}`);
          res.writeHead(status, {
            "content-type": "application/problem+json",
            "content-length": Buffer.byteLength(problem),
          });
          res.end(problem);
          return;
        }
        const op = judgement.operation ? document.operations.get(judgement.operation) : undefined;
        if (op && declaredParameter(op, "header", "prefer")) {
          delete req.headers.prefer;
          req.rawHeaders = withoutHeader(req.rawHeaders, "prefer");
        }
        if (op)
          rewriteTarget(
            req,
            target,
            atServedKeyPath(
              oneSegmentEach(target, basePath, op.path, judgement.read.path, document, judgement.operation as string),
              // The key as the document writes it (`op.path` is its request path, without the fragment).
              String(op.location[1]),
              servedAt,
            ),
          );
        listener(replayed(req, body), res);
      },
      () => res.destroy(),
    );
  };
}

/** The target without the operation it names (MOCK_OPERATION_KEY), and that operation. */
function namedOperation(target: string): { target: string; as?: string } {
  const q = target.indexOf("?");
  if (q < 0 || !target.includes(`${MOCK_OPERATION_KEY}=`, q)) return { target };
  const pair = target
    .slice(q + 1)
    .split("&")
    .find((p) => decodeSafe(p.split("=")[0] ?? "") === MOCK_OPERATION_KEY);
  const rest = withoutKeys(target, [MOCK_OPERATION_KEY]);
  return pair === undefined
    ? { target: rest }
    : { target: rest, as: decodeSafe((pair.split("=")[1] ?? "").replaceAll("+", " ")) };
}

/** The request target without the mock's steering keys (what the API itself is sent). */
function withoutSteering(target: string): string {
  return withoutKeys(target, MOCK_STEERING_KEYS);
}

/** The target without the query pairs named `keys` (their names read decoded). */
function withoutKeys(target: string, keys: readonly string[]): string {
  const q = target.indexOf("?");
  if (q < 0) return target;
  const kept = target
    .slice(q + 1)
    .split("&")
    .filter((pair) => !keys.includes(decodeSafe(pair.split("=")[0] ?? "")));
  return kept.length ? `${target.slice(0, q)}?${kept.join("&")}` : target.slice(0, q);
}

/**
 * The target at the path the mock serves the operation's key at, where its key holds a query of its own
 * (`/rest?method=photos.get`, served at `/rest/~method=photos.get`; `/history?zip={zip}` at `/history/~zip`:
 * servedKeyPath) or a fragment, or where its template is alike another but for its expressions' names: the judge
 * told it from the other keys of its path by those pairs, by the parameters or the body the request carries, which
 * Prism's router does not read.
 */
function atServedKeyPath(target: string, key: string, servedAt: (key: string) => string): string {
  const served = servedAt(key);
  if (served === key) return target;
  const q = target.indexOf("?");
  const path = q < 0 ? target : target.slice(0, q);
  return `${path.replace(/\/$/, "")}${served.slice(served.lastIndexOf("/~"))}${q < 0 ? "" : target.slice(q)}`;
}

/**
 * The target with each multi-segment path value's `/` encoded: Prism routes a template expression to one segment; and
 * a link's `,` (its reserved characters sent as they are: load/operations/multi-segment.ts `multiSegmentKind`), which
 * Prism reads as a list's delimiter.
 */
function oneSegmentEach(
  target: string,
  basePath: string,
  template: string,
  raw: Record<string, string>,
  document: OpenApiDocument,
  operation: string,
): string {
  const op = document.operations.get(operation);
  const linked = (p: { name: string }) => {
    const marker = multiSegmentMarker(p, op?.path ?? "");
    return marker !== undefined && multiSegmentKind(marker) !== true;
  };
  const spanning = (op?.parameters ?? []).filter(
    (p) => p.in === "path" && (/\//.test(raw[p.name] ?? "") || (/,/.test(raw[p.name] ?? "") && linked(p))),
  );
  if (!spanning.length) return target;
  const q = target.indexOf("?");
  const query = q < 0 ? "" : target.slice(q);
  const path = template.replace(/\{\+?([^{}]+)\}/g, (_, name: string) => {
    const value = raw[name] ?? "";
    return spanning.some((p) => p.name === name) ? value.replaceAll("/", "%2F").replaceAll(",", "%2C") : value;
  });
  return `${basePath}${path}${query}`;
}

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function withoutHeader(raw: IncomingMessage["rawHeaders"], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2)
    if ((raw[i] as string).toLowerCase() !== name) out.push(raw[i] as string, raw[i + 1] as string);
  return out;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A `Prefer` header the API declares for itself (`return=minimal`): the request judge holds requests to it, and the
 * mock keeps it from Prism, which reads a Prefer header as its own steering (above).
 */
export function isOwnPrefer(p: unknown): boolean {
  if (typeof p !== "object" || p === null) return false;
  const { in: place, name } = p as { in?: unknown; name?: unknown };
  return place === "header" && typeof name === "string" && name.toLowerCase() === "prefer";
}
