import { describe, expectTypeOf, it } from "vitest";
import type {
  AttributeName,
  AttributeValue,
  ComponentName,
  ComponentSetters,
  EventDetail,
  EventName,
  PublicCatalogue,
  PublicComponentName,
  ResolvedName,
  SetterArgument,
  SetterName,
  SetterNameOf,
  TagName,
  TagNameMap,
} from "./index.ts";
import { validateAttribute, validateSetter } from "./index.ts";

describe("types derived from the catalogue", () => {
  it("tags are the provider's prefix plus the component name", () => {
    expectTypeOf<TagName<"payouts">>().toEqualTypeOf<"oriel-payouts">();
    expectTypeOf<TagNameMap["oriel-account-onboarding"]>().toEqualTypeOf<"account-onboarding">();
    expectTypeOf<"account-onboarding">().toExtend<ComponentName>();
    expectTypeOf<"not-a-component">().not.toExtend<ComponentName>();
  });

  it("setOnExit exists on account-onboarding and takes a callback", () => {
    expectTypeOf<"setOnExit">().toExtend<SetterName<"account-onboarding">>();
    expectTypeOf<SetterArgument<"account-onboarding", "setOnExit">>().toEqualTypeOf<
      (detail: undefined) => void
    >();
    expectTypeOf<SetterArgument<"account-onboarding", "setOnStepChange">>().toEqualTypeOf<
      (detail: { step: string }) => void
    >();
    expectTypeOf<ComponentSetters<"account-onboarding">>().toHaveProperty("setCollectionOptions");
  });

  it("report-name accepts only gross_volume and net_volume", () => {
    expectTypeOf<AttributeValue<"reporting-chart", "report-name">>().toEqualTypeOf<
      "gross_volume" | "net_volume"
    >();
    expectTypeOf<AttributeName<"reporting-chart">>().toEqualTypeOf<
      "report-name" | "interval-type"
    >();
    const result = validateAttribute("reporting-chart", "report-name", "gross_volume");
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<"gross_volume" | "net_volume">();
  });

  it("boolean attributes parse to booleans and setters take their schema's input", () => {
    expectTypeOf<AttributeValue<"payout-details", "inline">>().toEqualTypeOf<boolean>();
    expectTypeOf<SetterArgument<"reporting-chart", "setIntervalStart">>().toEqualTypeOf<
      string | Date
    >();
    const stored = validateSetter("reporting-chart", "setIntervalStart", "2025-01-01");
    if (stored.ok) expectTypeOf(stored.value).toEqualTypeOf<Date>();
    expectTypeOf<SetterArgument<"account-management", "setDisabledSections">>().toEqualTypeOf<
      ("company" | "person" | "support" | "external_account")[]
    >();
  });

  it("events carry the detail the spec describes", () => {
    expectTypeOf<EventName<"payment-disputes">>().toEqualTypeOf<"ondisputesloaded">();
    expectTypeOf<EventDetail<"payment-disputes", "ondisputesloaded">>().toEqualTypeOf<{
      total: number;
    }>();
    expectTypeOf<EventDetail<"payout-details", "close">>().toEqualTypeOf<undefined>();
  });

  it("aliases resolve to their target at the type level", () => {
    expectTypeOf<ResolvedName<"app-onboarding">>().toEqualTypeOf<"app-install">();
    expectTypeOf<ResolvedName<"payouts">>().toEqualTypeOf<"payouts">();
  });

  it("PublicOnly drops internal items and internal components", () => {
    expectTypeOf<
      SetterNameOf<PublicCatalogue["account-management"]>
    >().toEqualTypeOf<"setCollectionOptions">();
    expectTypeOf<"payments">().toExtend<PublicComponentName>();
    expectTypeOf<"transactions-list">().not.toExtend<PublicComponentName>();
    expectTypeOf<"entry-point-add-funds">().not.toExtend<PublicComponentName>();
  });
});
