// The item's own id read from names (item-own-id.ts): singulars of the list's resource, a container-like item schema
// name that names no resource, and a parent's id never taken.
import { describe, expect, it } from "vitest";
import { itemOwnId, resourceNouns } from "./item-own-id.js";

const field = (name: string, more: Partial<{ readOnly: boolean; required: boolean; scalar: boolean }> = {}) => ({
  name,
  readOnly: false,
  required: false,
  scalar: true,
  ...more,
});

describe("the item's own id", () => {
  it("reads the list's resource from its path's last literal segment, singular, any case or separator", () => {
    expect(resourceNouns("/zq-shelves/{shelf}/zq-categories.json", undefined)).toEqual(["zq-categories"]);
    expect(itemOwnId([field("zqShelfId"), field("ZQ_CATEGORY_ID")], ["zq-categories"])).toEqual({
      field: "ZQ_CATEGORY_ID",
      why: "named after the list's own resource, zqcategory",
    });
    expect(itemOwnId([field("zq_status_id")], ["zq-statuses"])).toMatchObject({ field: "zq_status_id" });
  });

  it("takes no container-like item schema name (List, Item) for the resource", () => {
    expect(resourceNouns("/zq-parcels", "#/components/schemas/List")).toEqual(["zq-parcels"]);
    expect(itemOwnId([field("listId"), field("zqParcelId")], resourceNouns("/zq-parcels", "#/x/List"))).toEqual({
      field: "zqParcelId",
      why: "named after the list's own resource, zqparcel",
    });
  });

  it("takes no parent's id, no object named as an id, and nothing from a word merely ending in id", () => {
    expect(itemOwnId([field("zqOwnerId"), field("zqpaid")], ["zqpas"])).toBeUndefined();
    expect(itemOwnId([field("key", { scalar: false })], ["zq-things"])).toBeUndefined();
  });
});
