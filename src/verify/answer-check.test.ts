// The drift a live answer shows against the spec, on a fixture document of this test's own (documents of
// other shapes, a cut of a real published one among them: answer-check-documents.test.ts).
import { describe, expect, it } from "vitest";
import { answerDrift } from "./answer-check.js";
import { answer, lineOf, subjectOf, toolOf } from "./__fixtures__/subject.js";

const SHELF = `openapi: 3.0.3
info: {title: Shelf, version: "1"}
paths:
  /volumes/{volumeId}:
    get:
      operationId: getVolume
      responses:
        "200":
          description: One volume.
          headers:
            X-Request-Id:
              description: The request's id.
              required: true
              schema: {type: string}
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Volume"}
        "400":
          description: Bad request.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Problem"}
  /volumes:
    get:
      operationId: listVolumes
      responses:
        "200":
          description: Volumes.
          content:
            application/json:
              schema:
                type: object
                required: [totalItems]
                properties:
                  totalItems: {type: integer}
                  items:
                    type: array
                    items: {$ref: "#/components/schemas/Volume"}
        4XX:
          description: A client error.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Problem"}
  /shelves/{shelfId}:
    get:
      operationId: getShelf
      responses:
        "200":
          description: A shelf.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Shelf"}
        "202":
          description: The shelf's pet.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Pet"}
        default:
          description: Any error.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Problem"}
components:
  schemas:
    Volume:
      type: object
      required: [id]
      properties:
        id: {type: string}
        title: {type: string}
        subtitle: {type: string, nullable: true}
        kind: {type: string, enum: ["books#volume"]}
        shelf:
          nullable: true
          allOf: [{$ref: "#/components/schemas/Named"}]
        keeper: {$ref: "#/components/schemas/Named", nullable: true}
    Shelf:
      allOf:
        - $ref: "#/components/schemas/Named"
        - type: object
          properties:
            volumeCount: {type: integer}
    Named:
      type: object
      properties:
        name: {type: string}
    Pet:
      oneOf:
        - $ref: "#/components/schemas/Cat"
        - $ref: "#/components/schemas/Dog"
    Cat:
      type: object
      required: [meows]
      properties:
        name: {type: string, title: Cat's name}
        meows: {type: boolean}
    Dog:
      type: object
      required: [barks]
      properties:
        name: {type: string, title: Dog's name}
        barks: {type: boolean}
    Problem:
      type: object
      additionalProperties: true
      properties:
        message: {type: string}
`;

const FILE = "shelf/openapi.yaml";
const subject = subjectOf(SHELF);
const getVolume = toolOf("getVolume");
const listVolumes = toolOf("listVolumes");
const getShelf = toolOf("getShelf");
const volume = { id: "zyTCAlFPjgYC", title: "The Google story", subtitle: "Inside", kind: "books#volume" };
const volumeEntries = () => Object.entries(volume);
const ok = (body: unknown) => answer(200, body, { "x-request-id": "r1" });

describe("the body against the response's schema", () => {
  it("holds a 204 to no body, whatever body the document declares for it (HTTP forbids one)", () => {
    const gone = subjectOf(
      'openapi: 3.0.3\ninfo: {title: Shelf, version: "1"}\npaths:\n  /v:\n    delete:\n      operationId: ' +
        'zqDelete\n      responses:\n        "204": {description: Gone., content: {application/json: {schema: ' +
        "{type: object}}}}\n",
    );
    expect(answerDrift(gone, toolOf("zqDelete"), answer(204, ""))).toEqual([]);
  });

  it("finds nothing in a faithful answer", () => {
    expect(answerDrift(subject, getVolume, ok(volume))).toEqual([]);
    expect(
      answerDrift(subject, listVolumes, answer(200, { totalItems: 2, items: [volume, { ...volume, id: "b" }] })),
    ).toEqual([]);
    expect(answerDrift(subject, getShelf, answer(200, { name: "Mine", volumeCount: 3 }))).toEqual([]);
  });

  it(
    "holds a live answer to what a format means, not to a mock's rule: a loopback address is a url, " +
      "a word is no date",
    () => {
      const linked = subjectOf(
        'openapi: 3.0.3\ninfo: {title: Shelf, version: "1"}\npaths:\n  /v:\n    get:\n      operationId: ' +
          'zqLinks\n      responses:\n        "200": {description: Links., content: {application/json: {schema: ' +
          "{type: object, properties: {next: {type: string, format: url}, at: {type: string, format: date}}}}}}\n",
      );
      expect(
        answerDrift(
          linked,
          toolOf("zqLinks"),
          answer(200, { next: "http://127.0.0.1:4010/v?after=zq1", at: "2026-11-25" }),
        ),
      ).toEqual([]);
      expect(answerDrift(linked, toolOf("zqLinks"), answer(200, { at: "zq-someday" })).map((d) => d.message)).toEqual([
        expect.stringContaining('does not match format "date"'),
      ]);
    },
  );

  it(
    "reports a missing required field once, at the required list of the component the $ref names, " +
      "with a patch removing it there",
    () => {
      const { id: _, ...withoutId } = volume;
      const drifts = answerDrift(subject, getVolume, ok(withoutId));
      expect(drifts).toEqual([
        {
          operation: "shelf_getVolume",
          kind: "missing-required",
          pointer: "/id",
          message: 'the body lacks required field "id"',
          at: { file: FILE, line: lineOf(SHELF, "required: [id]"), col: 7 },
          overlay: {
            target: "$.components.schemas.Volume.required[?(@ == 'id')]",
            description: expect.stringContaining('without "id"'),
            remove: true,
          },
        },
      ]);
    },
  );

  it("reports a value of another type at the type key of its property, with a patch to the observed type", () => {
    const drifts = answerDrift(subject, listVolumes, answer(200, { totalItems: "12", items: [] }));
    expect(drifts).toEqual([
      {
        operation: "shelf_listVolumes",
        kind: "type-mismatch",
        pointer: "/totalItems",
        message: '/totalItems must be integer, got "12"',
        at: { file: FILE, line: lineOf(SHELF, "totalItems: {type: integer}"), col: expect.any(Number) },
        overlay: {
          target: "$.paths['/volumes'].get.responses['200'].content['application/json'].schema.properties.totalItems",
          description: 'The live service answered a string ("12") where the spec says integer: review.',
          update: { type: "string" },
        },
      },
    ]);
    // The `type` key of the property, not the property itself.
    const line = SHELF.split("\n")[(drifts[0]?.at?.line ?? 0) - 1] ?? "";
    expect(line.slice((drifts[0]?.at?.col ?? 0) - 1)).toMatch(/^type: integer/);
  });

  it("takes null for a nullable 3.0 field, and proposes nullable for null where it is not", () => {
    expect(answerDrift(subject, getVolume, ok({ ...volume, subtitle: null }))).toEqual([]);
    const [drift, ...more] = answerDrift(subject, getVolume, ok({ ...volume, title: null }));
    expect(more).toEqual([]);
    expect(drift).toMatchObject({
      kind: "type-mismatch",
      pointer: "/title",
      overlay: { target: "$.components.schemas.Volume.properties.title", update: { nullable: true } },
    });
  });

  it(
    "takes null for a 3.0 reference with nullable beside it, as the mock answers there, " +
      "and checks what is not null against the reference",
    () => {
      for (const keeper of [null, { name: "Mine" }])
        expect(answerDrift(subject, getVolume, ok({ ...volume, keeper }))).toEqual([]);
      expect(answerDrift(subject, getVolume, ok({ ...volume, keeper: { name: 7 } }))).toEqual([
        expect.objectContaining({ kind: "type-mismatch", pointer: "/keeper/name" }),
      ]);
    },
  );

  it("gives the reason inside a nullable schema without the null it is not, nor the alternatives' summary", () => {
    expect(answerDrift(subject, getVolume, ok({ ...volume, shelf: null }))).toEqual([]);
    expect(answerDrift(subject, getVolume, ok({ ...volume, shelf: { name: "Mine" } }))).toEqual([]);
    const drifts = answerDrift(subject, getVolume, ok({ ...volume, shelf: { name: 7 } }));
    expect(drifts).toEqual([
      expect.objectContaining({
        kind: "type-mismatch",
        pointer: "/shelf/name",
        message: "/shelf/name must be string, got 7",
        at: { file: FILE, line: lineOf(SHELF, "name: {type: string}"), col: expect.any(Number) },
        overlay: expect.objectContaining({ target: "$.components.schemas.Named.properties.name" }),
      }),
    ]);
  });

  it("reports a broken enum as a constraint, at the enum, without a patch", () => {
    const drifts = answerDrift(subject, getVolume, ok({ ...volume, kind: "books#shelf" }));
    expect(drifts).toEqual([
      {
        operation: "shelf_getVolume",
        kind: "constraint",
        pointer: "/kind",
        message: '/kind must be one of "books#volume", got "books#shelf"',
        at: { file: FILE, line: lineOf(SHELF, 'enum: ["books#volume"]'), col: expect.any(Number) },
      },
    ]);
  });

  it("reports every error, not only the first, through the items of a list", () => {
    const drifts = answerDrift(subject, listVolumes, answer(200, { totalItems: 2, items: [{ title: 1 }, { id: 2 }] }));
    // Each at the line of the Volume component the items' $ref names.
    expect(drifts.map((d) => [d.kind, d.pointer, d.at?.line])).toEqual([
      ["missing-required", "/items/0/id", lineOf(SHELF, "required: [id]")],
      ["type-mismatch", "/items/0/title", lineOf(SHELF, "title: {type: string}")],
      ["type-mismatch", "/items/1/id", lineOf(SHELF, "id: {type: string}")],
    ]);
  });

  it("reports a body that is not JSON, or none, against a JSON schema", () => {
    for (const body of ["", "<html>busy</html>"]) {
      const drifts = answerDrift(subject, getVolume, {
        status: 200,
        headers: new Headers({ "x-request-id": "r", "content-type": "text/html" }),
        body,
      });
      expect(drifts).toMatchObject([{ kind: "type-mismatch", pointer: "" }]);
    }
  });
});

describe("fields the schema does not declare", () => {
  it("are informational, through an allOf (its branches' properties together)", () => {
    const drifts = answerDrift(subject, getShelf, answer(200, { name: "Mine", volumeCount: 3, owner: "ann" }));
    expect(drifts).toEqual([
      {
        operation: "shelf_getShelf",
        kind: "extra-field",
        pointer: "/owner",
        message: 'the body has field "owner" (string), which the spec does not declare',
        informational: true,
        at: { file: FILE, line: lineOf(SHELF, "    Shelf:"), col: 5 },
        overlay: {
          target: "$.components.schemas.Shelf",
          description: expect.stringContaining('"owner"'),
          update: { properties: { owner: { type: "string" } } },
        },
      },
    ]);
  });

  it("are reported once per schema and field through a list of $ref items, at the component's properties", () => {
    const items = [1, 2, 3].map((n) => ({ ...volume, id: String(n), saleInfo: { country: "FR" } }));
    const drifts = answerDrift(subject, listVolumes, answer(200, { totalItems: 3, items }));
    expect(drifts).toEqual([
      expect.objectContaining({
        kind: "extra-field",
        pointer: "/items/0/saleInfo",
        informational: true,
        at: { file: FILE, line: lineOf(SHELF, "        id: {type: string}") - 1, col: 7 },
        overlay: expect.objectContaining({
          target: "$.components.schemas.Volume",
          update: { properties: { saleInfo: { type: "object" } } },
        }),
      }),
    ]);
  });

  it("are those of the oneOf branch the value matches", () => {
    const drifts = answerDrift(subject, getShelf, answer(202, { name: "Rex", barks: true, wags: true }));
    expect(drifts).toEqual([
      expect.objectContaining({
        kind: "extra-field",
        pointer: "/wags",
        at: { file: FILE, line: lineOf(SHELF, "required: [barks]") + 1, col: 7 },
        overlay: expect.objectContaining({ target: "$.components.schemas.Dog" }),
      }),
    ]);
  });

  it("are at most 50 in an answer", () => {
    const body = {
      totalItems: 1,
      items: [Object.fromEntries([...volumeEntries(), ...Array.from({ length: 60 }, (_, i) => [`extra${i}`, i])])],
    };
    const drifts = answerDrift(subject, listVolumes, answer(200, body));
    expect(drifts).toHaveLength(50);
    expect(new Set(drifts.map((d) => d.kind))).toEqual(new Set(["extra-field"]));
  });

  it("are not reported where additionalProperties declares them", () => {
    expect(answerDrift(subject, getVolume, answer(400, { message: "no", reason: "badId" }))).toEqual([]);
  });
});

describe("the status", () => {
  it("is found exactly, in a range or as the default; another is undeclared, with a patch adding it", () => {
    const problem = { message: "unavailable" };
    expect(answerDrift(subject, listVolumes, answer(404, problem))).toEqual([]);
    expect(answerDrift(subject, getShelf, answer(503, problem))).toEqual([]);
    const drifts = answerDrift(subject, getVolume, answer(503, problem));
    expect(drifts).toEqual([
      {
        operation: "shelf_getVolume",
        kind: "undeclared-status",
        pointer: "/status",
        message: 'status 503 is not among the responses of "getVolume" (200, 400), and no range or default covers it',
        at: { file: FILE, line: lineOf(SHELF, "operationId: getVolume") + 1, col: 7 },
        overlay: {
          target: "$.paths['/volumes/{volumeId}'].get.responses",
          description: expect.stringContaining("503"),
          update: { "503": { description: expect.stringContaining("Observed"), content: { "application/json": {} } } },
        },
      },
    ]);
  });
});

describe("the headers", () => {
  it("reports a header the spec requires, absent, at the header, with a patch making it optional", () => {
    const drifts = answerDrift(subject, getVolume, answer(200, volume));
    expect(drifts).toEqual([
      {
        operation: "shelf_getVolume",
        kind: "missing-header",
        pointer: "/headers/x-request-id",
        message: "header X-Request-Id, which the spec marks required, is absent",
        at: { file: FILE, line: lineOf(SHELF, "X-Request-Id:"), col: 13 },
        overlay: {
          target: "$.paths['/volumes/{volumeId}'].get.responses['200'].headers['X-Request-Id']",
          description: expect.any(String),
          update: { required: false },
        },
      },
    ]);
  });

  it("reports a header an output reads, absent, unless the output is optional", () => {
    const source = { expression: "$response.header.ETag", ref: { kind: "header" as const, name: "ETag" } };
    const output = { path: "etag", type: "string" as const, description: "The version.", optional: false, source };
    expect(answerDrift(subject, toolOf("getShelf", { outputs: [output] }), answer(200, { name: "a" }))).toMatchObject([
      { kind: "missing-header", pointer: "/headers/etag", message: "header ETag, which output etag reads, is absent" },
    ]);
    expect(
      answerDrift(
        subject,
        toolOf("getShelf", { outputs: [{ ...output, optional: true }] }),
        answer(200, { name: "a" }),
      ),
    ).toEqual([]);
    expect(
      answerDrift(subject, toolOf("getShelf", { outputs: [output] }), answer(200, { name: "a" }, { etag: '"v1"' })),
    ).toEqual([]);
  });

  it("reports the headers an output reads from the first of several places only when no place holds a value", () => {
    const first = [
      { expression: "$response.header.ETag", ref: { kind: "header" as const, name: "ETag" } },
      { expression: "$response.header.X-Zq-Version", ref: { kind: "header" as const, name: "X-Zq-Version" } },
      { expression: "$response.body#/name", ref: { kind: "body" as const, pointer: ["name"] } },
    ];
    const output = {
      path: "etag",
      type: "string" as const,
      description: "The version.",
      optional: false,
      source: { first, holds: "string" as const },
    };
    const drifts = (body: unknown, headers: Record<string, string> = {}) =>
      answerDrift(subject, toolOf("getShelf", { outputs: [output] }), answer(200, body, headers)).filter(
        (d) => d.kind === "missing-header",
      );
    expect(drifts({ volumeCount: 1 })).toEqual([
      {
        operation: "shelf_getShelf",
        kind: "missing-header",
        pointer: "/headers/etag",
        message:
          "headers ETag, X-Zq-Version, which output etag reads (the first of $response.header.ETag, " +
          "$response.header.X-Zq-Version, $response.body#/name that holds a value), are absent, and no other place " +
          "holds one",
      },
    ]);
    // A later place holds one: the second header, or the body's field (of the kind taken: a text, not null).
    expect(drifts({ volumeCount: 1 }, { "x-zq-version": "v2" })).toEqual([]);
    expect(drifts({ name: "a" })).toEqual([]);
    expect(drifts({ name: null })).toHaveLength(1);
    expect(drifts({ name: 3 })).toHaveLength(1);
  });
});
