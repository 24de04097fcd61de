// `blockwright emit` of an Ed25519-signed trigger: the provider's side signs with the private key, read from a variable
// named for it (the trigger's input holds the public key, which signs nothing), and what it sends verifies with the
// public key; an unset variable is named with what it must hold.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyEvent } from "@blockwright/runtime/internal";
import { cli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { shelfCopy } from "../../test-support/shelf-copy.js";
import { loadProvider } from "../emit/link-provider.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-emit-ed25519-"));
shelfCopy(dir, [
  {
    find: "authentication: { standardWebhooks: { toleranceSeconds: 300 } }\n    secret: signingSecret",
    replace:
      'authentication: { ed25519: { encoding: base64, header: X-Zq-Sig, signedText: "{timestamp}.{body}", ' +
      "timestamp: { header: X-Zq-Time, toleranceSeconds: 300 } } }\n    secret: publicKey",
  },
]);
const trigger = (await loadProvider(dir, join(dir, "specs/shelf"))).triggers![0]!;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keys = generateKeyPairSync("ed25519");
const PRIVATE = keys.privateKey.export({ format: "pem", type: "pkcs8" }).toString();

describe("blockwright emit of an Ed25519-signed trigger", () => {
  it("signs with the private key in <PROVIDER>_SIGNING_KEY; the delivery verifies with the public key", async () => {
    const got: { headers: Record<string, string>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c));
      req.on("end", () => {
        got.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const r = await cli(["emit", "shelf_book_added", "--to", url], { cwd: dir, env: { SHELF_SIGNING_KEY: PRIVATE } });
      expect(r).toMatchObject({ code: 0, stderr: "" });
      const [delivery] = got;
      const publicKey = keys.publicKey.export({ format: "pem", type: "spki" }).toString();
      const verified = await verifyEvent(
        trigger,
        { method: "POST", url, headers: delivery!.headers, body: delivery!.body },
        { secret: publicKey },
      );
      expect(verified).toMatchObject({ ok: true });
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it("names the variable and that it holds the provider's private key, when unset", async () => {
    const r = await cli(["emit", "shelf_book_added", "--to", "http://127.0.0.1:1/hooks"], { cwd: dir, env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("environment variable SHELF_SIGNING_KEY is not set");
    expect(r.stderr).toContain("the Ed25519 private key the provider signs shelf_book_added's deliveries with");
  });
});
