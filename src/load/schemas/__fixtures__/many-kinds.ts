// The kinds of a discriminated base `ZqEvent` of many, each `ZqKind<i>` extending it by allOf with a field of its own
// (`zqField<i>`): the shape the sampler's, the judge's and Prism's tests of a union of many kinds share
// (load/schemas/guarded-kinds.ts).

/** A `$ref` to the component schema `name`. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `count` kinds of `ZqEvent`, each field of schema `field` (`required`: each kind requires its field). */
export function manyKinds(count: number, field: object, required: boolean): Record<string, object> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `ZqKind${i}`,
      {
        allOf: [
          ref("ZqEvent"),
          {
            type: "object",
            ...(required ? { required: [`zqField${i}`] } : {}),
            properties: { [`zqField${i}`]: field },
          },
        ],
      },
    ]),
  );
}
