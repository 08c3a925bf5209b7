/**
 * What the four mobile entry points share (docs/mobile.md): each is one money-out task on a
 * whole screen (the kit's `TaskScreen`), over the figures the balances view loads (the
 * balances machine: the balance, the schedule, the payout destinations) and made of the
 * balances view's own pieces (`balance-parts.tsx`, `payout-account.tsx`): no copy.
 */
import { type ReactNode, useState } from "react";
import type { BalancesData } from "../../../machines/components/balances/balances.machine.ts";
import type { SessionComponents } from "../../../protocol/catalogue/features.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps, useSession } from "../../frame/frame-context.tsx";
import { TaskScreen } from "../kit/task-screen.tsx";
import {
  BalanceSummary,
  BalancesPending,
  useBalancesData,
  withSessionAccount,
} from "./balance-parts.tsx";

/** What a task is given to render itself. */
export interface MoneyOutTaskContext {
  data: BalancesData;
  accountId: string;
  /** The host's attributes (the entry point's own: `payout-purpose`, `selected-currency`). */
  attributes: Readonly<Record<string, string>>;
  components: SessionComponents;
  session: ReturnType<typeof useSession>;
  view: ComponentViewProps;
  /** The task is done: reload the figures and show `done` with Done. */
  finish(done: string): void;
}

export interface MoneyOutTaskProps {
  view: ComponentViewProps;
  title: string;
  /**
   * The figures the task starts from; by default the balance and the schedule
   * (`BalanceSummary`, as the balances view shows them).
   */
  summary?(context: MoneyOutTaskContext): ReactNode;
  /** The task itself, until it is done. */
  task(context: MoneyOutTaskContext): ReactNode;
}

/** Loads the figures, then shows the task on its screen; the figures reload once it is done. */
export const MoneyOutTask = withSessionAccount(function MoneyOutTask(
  props: MoneyOutTaskProps & { accountId: string },
) {
  const session = useSession();
  const host = useHostProps();
  const [done, setDone] = useState<string | null>(null);
  const { snapshot, send } = useBalancesData(props.view, props.accountId);
  const { data } = snapshot.context;
  if (data === null)
    return (
      <BalancesPending
        failed={snapshot.matches("failed")}
        onRetry={() => send({ type: "retry" })}
      />
    );
  const context: MoneyOutTaskContext = {
    data,
    accountId: props.accountId,
    attributes: host?.attributes ?? {},
    components: session?.components ?? {},
    session,
    view: props.view,
    finish: (text) => {
      send({ type: "refresh" });
      setDone(text);
    },
  };
  return (
    <div aria-busy={snapshot.matches("refreshing")}>
      <TaskScreen
        title={props.title}
        summary={
          props.summary ? (
            props.summary(context)
          ) : (
            <BalanceSummary
              balance={data.balance}
              schedule={data.schedule}
              hideManualStatus={false}
              contactPlatform={null}
            />
          )
        }
        done={done}
      >
        {props.task(context)}
      </TaskScreen>
    </div>
  );
});
