// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { z } from "zod";
import { createFormMachine, SUBMIT_ACTOR } from "../../machines/components/form/form.machine.ts";
import { type StepsEmitted, stepsMachine } from "../../machines/components/steps/steps.machine.ts";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import { FormTextField, formViewOf, StepsLayout, StepsSavedView } from "./index.ts";

afterEach(cleanup);
beforeAll(() => loadCatalogue("de-DE"));

const stepForm = createFormMachine({ id: "stepForm", schema: z.object({ value: z.string() }) });
const titles = { name: "Your name", city: "Your city" } as const;

/** One step's form: its field, sent to `sent`; once saved, the step machine goes next. */
function StepForm(props: {
  step: "name" | "city";
  current: number;
  sent: unknown[];
  onSaved: () => void;
  onBack?: () => void;
  onSaveForLater: () => void;
  moved: boolean;
}) {
  const actor = useActorRef(
    stepForm.provide({
      actors: {
        [SUBMIT_ACTOR]: fromPromise(async ({ input }) => {
          props.sent.push(input.body);
          return input.body;
        }),
      },
    }),
    { input: { values: { value: "" } } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const { onSaved } = props;
  useEffect(() => {
    const sub = actor.on("form.saved", () => onSaved());
    return () => sub.unsubscribe();
  }, [actor, onSaved]);
  const form = formViewOf(snapshot, actor.send, props.step);
  return (
    <StepsLayout
      title={titles[props.step]}
      current={props.current}
      total={2}
      busy={form.busy}
      onContinue={() => actor.send({ type: "submit", idempotencyKey: crypto.randomUUID() })}
      onSaveForLater={props.onSaveForLater}
      focusHeading={props.moved}
      {...(props.onBack ? { onBack: props.onBack } : {})}
    >
      <FormTextField form={form} path="value" label={titles[props.step]} required />
    </StepsLayout>
  );
}

function Flow({ sent, events }: { sent: unknown[]; events: StepsEmitted[] }) {
  const steps = useActorRef(stepsMachine, {
    input: {
      steps: [
        { id: "name", complete: false },
        { id: "city", complete: false },
      ],
    },
  });
  useEffect(() => {
    const sub = steps.on("*", (e) => events.push(e as StepsEmitted));
    return () => sub.unsubscribe();
  }, [steps, events]);
  const snapshot = useSelector(steps, (s) => s);
  const [done, setDone] = useState(false);
  useEffect(() => {
    const sub = steps.on("steps.completed", () => setDone(true));
    return () => sub.unsubscribe();
  }, [steps]);
  if (done) return <p>Done</p>;
  if (snapshot.matches("saved"))
    return <StepsSavedView onResume={() => steps.send({ type: "resume" })} />;
  const { current } = snapshot.context;
  const step = snapshot.context.steps[current]?.id as "name" | "city";
  return (
    <StepForm
      key={step}
      step={step}
      current={current + 1}
      sent={sent}
      onSaved={() => steps.send({ type: "next" })}
      onSaveForLater={() => steps.send({ type: "save" })}
      moved={events.some((e) => e.type === "step.changed")}
      {...(current > 0 ? { onBack: () => steps.send({ type: "back" }) } : {})}
    />
  );
}

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe("a flow on the step machine with the kit's step layout", () => {
  it("goes step by step, in the user's language: nothing invalid moves on; back, save for later and resume", async () => {
    const sent: unknown[] = [];
    const events: StepsEmitted[] = [];
    render(
      <I18nProvider locale="de-DE">
        <Flow sent={sent} events={events} />
      </I18nProvider>,
    );
    expect(screen.getByText("Schritt 1 von 2")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Zurück" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Weiter" }));
    await flush();
    // Empty: refused, nothing sent, still on step 1.
    expect(sent).toEqual([]);
    expect(screen.getByRole("heading", { name: "Your name" })).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Your name" }), {
      target: { value: "Ada" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Weiter" }));
    await flush();
    expect(sent).toEqual([{ value: "Ada" }]);
    const heading = screen.getByRole("heading", { name: "Your city" });
    expect(screen.getByText("Schritt 2 von 2")).toBeTruthy();
    expect(document.activeElement).toBe(heading);
    expect(events).toContainEqual({ type: "step.changed", step: "city", previous: "name" });

    fireEvent.click(screen.getByRole("button", { name: "Zurück" }));
    expect(screen.getByRole("heading", { name: "Your name" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Für später speichern" }));
    expect(screen.getByRole("heading", { name: "Für später gespeichert" })).toBeTruthy();
    expect(events).toContainEqual({ type: "steps.saved", step: "name" });
    fireEvent.click(screen.getByRole("button", { name: "Fortsetzen" }));
    expect(screen.getByRole("heading", { name: "Your name" })).toBeTruthy();
  });
});
