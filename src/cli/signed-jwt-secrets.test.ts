// A provider whose requests carry a JWT signed per request (auth.signedJwt), added and generated from an invented
// document, against an upstream that echoes everything it could: the JWT as received (with and without `Bearer `),
// the API key the JWT names as `sub`, and the private key (which never goes out: a hostile or buggy answer could
// still quote it) as text, JSON-escaped, base64 and base64url. None of them reaches `call`'s outputs and errors,
// `verify --record`'s files and report, or what the package client's logger and hooks are told (each request, its
// retry, each answer's headers).
import { generateKeyPairSync } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { addedProject } from "../../test-support/cli/added-project.js";
import { cli } from "../../test-support/cli-harness.js";
import { zqSignedJwt } from "../link/__fixtures__/zq-signed-jwt.js";

const API_KEY = "zq-api-key-7f3e9a1c5b2d4e6f";
const PRIVATE_KEY = generateKeyPairSync("ec", { namedCurve: "P-256" })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

// What the upstream answers: 200, 400, or 503 once then 200 (a retry); each echoing every secret it can.
let mode: "ok" | "refuse" | "retry" = "ok";
let failedOnce = false;
const project = addedProject("blockwright-signed-jwt-secrets-", "zqvaults", zqSignedJwt(), (r) => {
  const authorization = String(r.headers.authorization ?? "");
  const jwt = authorization.replace(/^Bearer /, "");
  const echoed = [authorization, jwt, b64(jwt), String(r.headers["x-zq-key"]), b64(API_KEY)];
  // The key as a JSON value (its text JSON-escaped in the body), base64 and base64url.
  const keyForms = [PRIVATE_KEY, b64(PRIVATE_KEY), b64url(PRIVATE_KEY)];
  const headers = { "x-zq-echo": `${authorization}; ${jwt}; ${API_KEY}`, "x-zq-key-echo": b64url(PRIVATE_KEY) };
  if (mode === "retry" && !failedOnce) {
    failedOnce = true;
    return { status: 503, headers: { ...headers, "retry-after": "0" }, body: JSON.stringify({ echoed }) };
  }
  failedOnce = false;
  const text = `zq saw ${echoed.join(" | ")} and key ${keyForms.join(" | ")}`;
  if (mode === "refuse") return { status: 400, headers, body: JSON.stringify({ message: text, echoed, keyForms }) };
  const body = r.method === "GET" ? { data: [{ id: "v1", name: text }], next_cursor: null } : { id: "v9", name: text };
  return { status: 200, headers, body: JSON.stringify(body) };
});
const { dir } = project;
/** Every JWT the upstream received, bare. */
const tokens = () =>
  project.upstream.received.map((r) => String(r.headers.authorization ?? "").replace(/^Bearer /, "")).filter(Boolean);

/** What `text` must never hold: each secret (the JWTs sent so far too) in the forms the upstream echoes. */
function expectNoSecret(text: string): void {
  const forms = [API_KEY, b64(API_KEY), PRIVATE_KEY, JSON.stringify(PRIVATE_KEY).slice(1, -1)];
  forms.push(b64(PRIVATE_KEY), b64url(PRIVATE_KEY));
  // Each line of the key's base64 body, so that a part of it counts too.
  for (const line of PRIVATE_KEY.split("\n")) if (line.length > 20) forms.push(line);
  for (const jwt of tokens()) forms.push(jwt, `Bearer ${jwt}`, b64(jwt), ...jwt.split("."));
  for (const form of forms) expect(text, `${form.slice(0, 30)}…`).not.toContain(form);
  expect(text).not.toMatch(/eyJ[\w-]{10,}/);
}

const env = { ZQ_PRIVATE_KEY: PRIVATE_KEY, ZQ_API_KEY: API_KEY };
const params = ["--param", "privateKey={{ZQ_PRIVATE_KEY}}", "--param", "xZqKey={{ZQ_API_KEY}}"];

describe("a signed JWT, its private key and its subject's API key, echoed by the upstream", () => {
  it("appear in no output or error of call", async () => {
    const shown: string[] = [];
    for (const m of ["ok", "refuse"] as const) {
      mode = m;
      const before = project.upstream.received.length;
      const r = await cli(
        ["call", "zqvaults_create_vault", ...params, "--param", "name=Zq echoed", "--base-url", project.upstream.url],
        { cwd: dir, env },
      );
      expect(r.code, r.stderr).toBe(m === "ok" ? 0 : 1);
      expect(project.upstream.received.length).toBe(before + 1);
      expect(r.stdout + r.stderr).toContain("zq saw");
      shown.push(r.stdout, r.stderr);
    }
    expect(tokens().every((t) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(t))).toBe(true);
    expectNoSecret(shown.join("\n"));
  });

  it("appear in none of verify --record's files, nor in its report", async () => {
    mode = "ok";
    const verified = await cli(
      [
        ...["verify", "zqvaults", "--base-url", project.upstream.url, ...params, "--interval", "0"],
        ...["--allow-writes", "zqvaults_create_vault", "--record", "recordings", "--json"],
      ],
      { cwd: dir, env },
    );
    const folder = join(dir, "recordings/zqvaults");
    const recorded = readdirSync(folder, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".json"));
    expect(recorded.length, verified.stdout + verified.stderr).toBeGreaterThan(0);
    const kept = recorded.map((f) => readFileSync(join(folder, f), "utf8")).join("\n");
    expect(kept).toContain("zq saw");
    expect(kept).toContain("/v1/vaults");
    expectNoSecret(kept + verified.stdout + verified.stderr);
  });

  it("appear in nothing the package client's logger and hooks are told, a retry's included", async () => {
    const told: unknown[] = [];
    const log = (level: string) => (message: string, data?: unknown) => void told.push([level, message, data]);
    const tell = (hook: string) => (info: unknown) =>
      void told.push([hook, info, (info as { headers?: unknown }).headers]);
    const pkg = (await import(pathToFileURL(join(dir, "generated/zqvaults/index.js")).href)) as {
      createZqvaults: (options: object) => Record<string, (input: object) => Promise<unknown>>;
      observeCalls: unknown;
    };
    const client = pkg.createZqvaults({
      observe: pkg.observeCalls,
      privateKey: PRIVATE_KEY,
      xZqKey: API_KEY,
      baseUrl: project.upstream.url,
      logger: { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") },
      hooks: { onRequest: tell("onRequest"), onResponse: tell("onResponse"), onRetry: tell("onRetry") },
    });
    const results = [];
    // A list is safe to repeat: retried after the 503; a vault's creation is not.
    mode = "retry";
    const before = project.upstream.received.length;
    results.push(await client.listVaults?.({ status: "open" }));
    expect(project.upstream.received.length).toBe(before + 2);
    for (const m of ["ok", "refuse"] as const) {
      mode = m;
      results.push(await client.createVault?.({ name: "Zq observed" }));
    }
    expect(results.map((r) => (r as { success: boolean }).success)).toEqual([true, true, false]);
    const text = JSON.stringify(told, (_k, v: unknown) => (v instanceof Headers ? [...v] : v));
    expect(told.map((t) => (t as string[])[0])).toEqual(expect.arrayContaining(["onRetry", "onResponse", "debug"]));
    expect(text).toContain("x-zq-echo");
    expectNoSecret(text + JSON.stringify(results));
  });
});
