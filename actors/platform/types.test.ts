import { describe, expectTypeOf, it } from "vitest";
import type { CatalogueInputError } from "../../protocol/catalogue/index.ts";
import type { ConnectInstance } from "./loader.ts";
import type { ConnectElement, ConnectElementBase, LoadErrorDetail } from "./types.ts";

// Type-level checks (`npm run typecheck` fails on a wrong type): the elements a platform
// handles are typed from the catalogue. The bodies only type-check; nothing is created.
const typeOnly = (check: (instance: ConnectInstance) => void) => check;

describe("typed elements (USERS.md 14: every tag, setter and event typed)", () => {
  it('create("<prefix>-payouts-list") returns the element type of that tag', () => {
    typeOnly((instance) => {
      expectTypeOf(instance.create("oriel-payouts-list")).toEqualTypeOf<
        ConnectElement<"payouts-list">
      >();
      expectTypeOf(instance.create("oriel-payouts-list")).toExtend<HTMLElement>();
      // A tag known only at run time gets what every element has.
      expectTypeOf(instance.create("oriel-" as string)).toEqualTypeOf<ConnectElementBase>();
    });
  });

  it("setters take their catalogue argument types; components without them have none", () => {
    typeOnly((instance) => {
      const onboarding = instance.create("oriel-account-onboarding");
      expectTypeOf(onboarding.setOnStepChange)
        .parameter(0)
        .toEqualTypeOf<(detail: { step: string }) => void>();
      expectTypeOf(onboarding.setOnLoadError)
        .parameter(0)
        .toEqualTypeOf<((detail: LoadErrorDetail) => void) | undefined>();
      expectTypeOf(instance.create("oriel-reporting-chart").setIntervalStart)
        .parameter(0)
        .toEqualTypeOf<string | Date>();
      expectTypeOf(instance.create("oriel-payouts-list")).not.toHaveProperty("setOnStepChange");
    });
  });

  it("addEventListener knows each catalogue event's detail and the common events", () => {
    typeOnly((instance) => {
      const onboarding = instance.create("oriel-account-onboarding");
      onboarding.addEventListener("stepchange", (event) => {
        expectTypeOf(event.detail).toEqualTypeOf<{ step: string }>();
      });
      onboarding.addEventListener("inputerror", (event) => {
        expectTypeOf(event.detail).toEqualTypeOf<CatalogueInputError>();
      });
      instance.create("oriel-payment-disputes").addEventListener("ondisputesloaded", (event) => {
        expectTypeOf(event.detail).toEqualTypeOf<{ total: number }>();
      });
    });
  });

  it("document.createElement and querySelector know the tags (HTMLElementTagNameMap)", () => {
    typeOnly(() => {
      expectTypeOf(document.createElement("oriel-payout-details")).toEqualTypeOf<
        ConnectElement<"payout-details">
      >();
      expectTypeOf(
        document.querySelector("oriel-account-onboarding"),
      ).toEqualTypeOf<ConnectElement<"account-onboarding"> | null>();
    });
  });
});
