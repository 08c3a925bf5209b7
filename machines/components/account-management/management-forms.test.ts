import { describe, expect, it } from "vitest";
import { companyDetailsParamsSchema } from "../../../protocol/objects/onboarding.schema.ts";
import { companyBody } from "../account-onboarding/company-forms.ts";
import { type FieldValue, validateValues } from "../form/form.ts";
import { companyValues } from "./management-forms.ts";

const schema = companyDetailsParamsSchema("US", { keepOnFile: true });

describe("account-management's company form", () => {
  it("leaves out an address with nothing but its country, so a name alone is saved", () => {
    const values: Record<string, FieldValue> = {
      ...companyValues({ country: "US", company: undefined }),
    };
    values["company[name]"] = "Hopper Labs Inc.";
    expect(companyBody(values)).toEqual({ company: { name: "Hopper Labs Inc." } });
    expect(validateValues(schema, values, companyBody).ok).toBe(true);
  });

  it("sends an address given in full, and refuses a half-given one on its missing field", () => {
    const values: Record<string, FieldValue> = {
      ...companyValues({ country: "US", company: undefined }),
    };
    values["company[name]"] = "Hopper Labs Inc.";
    values["company[address][line1]"] = "500 Howard St";
    const half = validateValues(schema, values, companyBody);
    expect(half.ok).toBe(false);
    if (!half.ok) expect(Object.keys(half.errors)).toContain("company[address][city]");
    values["company[address][city]"] = "San Francisco";
    values["company[address][state]"] = "CA";
    values["company[address][postal_code]"] = "94105";
    const full = validateValues(schema, values, companyBody);
    expect(full).toMatchObject({
      ok: true,
      body: {
        company: {
          address: {
            line1: "500 Howard St",
            city: "San Francisco",
            state: "CA",
            postal_code: "94105",
            country: "US",
          },
        },
      },
    });
  });
});
