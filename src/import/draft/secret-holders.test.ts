// What add drafts as a secret by the shape of a name and a description, both ways. Drafted plain before, though
// credentials: a bare `token` inside an object holding a service's or an integration's credentials (`service: {token,
// api_url}`, by the object's name or description, in a JSON body or a form's bracketed path `service[token]`); a key
// described as granting access (`sharingKey`, a query's `share_key`); a form field whose bracketed path ends in a
// secret's name (`model[default_password]`, `user[api_key]`: the last segment decides). Drafted secret before, though
// none: a name or an id of a secret ("The name of the secret", "The secret's id"), in a header or a field; a real
// secret (`X-Secret`, `client_secret`) stays secret.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description?: string) => ({ type: "string", maxLength: 200, ...(description ? { description } : {}) });
const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const header = (name: string, description?: string) => ({ name, in: "header", schema: text(), description });
const query = (name: string, description?: string) => ({ name, in: "query", schema: text(), description });
const tokenAndAddress = (description?: string) => ({
  type: "object",
  ...(description ? { description } : {}),
  properties: { token: text(), api_url: text() },
});
const body = {
  type: "object",
  properties: {
    zq_service: tokenAndAddress(),
    zqhook: tokenAndAddress("The integration's settings: where it sends and what it sends with."),
    zqdevice: tokenAndAddress("The device to notify."),
    sharingKey: text("A key granting access to the shared board."),
    sortKey: text("The key to sort by."),
    secret: text("The name of the secret to read."),
    zqSecretRef: text("The secret's id."),
    client_secret: text("The client's secret."),
  },
};
const form = {
  type: "object",
  properties: {
    "model[default_password]": text(),
    "user[api_key]": text(),
    "user[name]": text(),
    "zq_service[token]": text(),
    "zqpage[token]": text(),
  },
};
const zqDoc = openapi({
  "/zqboards": {
    post: {
      operationId: "putZqboard",
      parameters: [
        header("X-Secret-Name"),
        header("X-Zq-Secret", "The name of the secret to read."),
        header("X-Secret", "The shared secret of the account."),
        query("share_key", "The sharing key that gives access to the document."),
      ],
      requestBody: { content: { "application/json": { schema: body } } },
      responses: ok,
    },
  },
  "/zqforms": {
    post: {
      operationId: "formZqboard",
      requestBody: { content: { "application/x-www-form-urlencoded": { schema: form } } },
      responses: ok,
    },
  },
});

describe("secrets by the shape of a name and a description", () => {
  const d = drafted(zqDoc, ["putZqboard", "formZqboard"], "zqsh");
  const params = (op: string) => d.manifest.operations[`zqsh_${op}`]?.params ?? {};
  const byWire = (op: string, name: string) =>
    Object.values(params(op)).find(
      (p) =>
        p.wire &&
        (("name" in p.wire && p.wire.name === name) || ("pointer" in p.wire && p.wire.pointer === `/${name}`)),
    );

  it("drafts a key granting access, a bracketed path's secret and a service's token secret", () => {
    for (const name of ["sharingKey", "share_key"])
      expect(byWire("put_zqboard", name) ?? params("put_zqboard")[name], name).toMatchObject({ secret: true });
    for (const name of ["model[default_password]", "user[api_key]", "zq_service[token]"])
      expect(byWire("form_zqboard", name), name).toMatchObject({ secret: true, visibility: "user-only" });
    for (const name of ["user[name]", "zqpage[token]"]) expect(byWire("form_zqboard", name)?.secret, name).toBeFalsy();
    expect(params("put_zqboard").sortKey?.secret).toBeFalsy();
  });

  it("keeps a name or an id of a secret plain, and a real secret secret", () => {
    for (const name of ["X-Secret-Name", "X-Zq-Secret"]) expect(byWire("put_zqboard", name)?.secret, name).toBeFalsy();
    for (const name of ["secret", "zqSecretRef"]) expect(params("put_zqboard")[name]?.secret, name).toBeFalsy();
    expect(byWire("put_zqboard", "X-Secret")).toMatchObject({ secret: true });
    expect(params("put_zqboard").client_secret).toMatchObject({ secret: true });
  });

  it("marks the token of an object holding a service's credentials secret, by its name or description", async () => {
    expect(await linkProblems(d, "zqsh")).toEqual([]);
    const tool = (await linkedTools(d, "zqsh")).find((t) => t.id === "zqsh_put_zqboard");
    const fields = (name: string) => tool?.params.find((p) => p.name === name)?.object?.fields ?? {};
    for (const holder of ["zq_service", "zqhook"]) {
      expect(fields(holder).token, holder).toMatchObject({ secret: true });
      expect(fields(holder).api_url?.secret, holder).toBeUndefined();
    }
    expect(fields("zqdevice").token).toBeDefined();
    expect(fields("zqdevice").token?.secret).toBeUndefined();
  });
});
