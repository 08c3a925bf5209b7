/**
 * `entry-point-edit-payout-schedule` (docs/mobile.md): the schedule editor on its own screen,
 * open from the start (`edit_payout_schedule`) over the current balance and schedule. Once
 * saved: `payoutschedulechanged` with the new interval, the new schedule, and Done.
 */
import { useIntl } from "react-intl";
import { sessionFeature } from "../../../protocol/catalogue/features.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostEvent } from "../../frame/frame-context.tsx";
import { ScheduleEditor } from "../balances/balance-parts.tsx";
import { balancesMessages } from "../balances/balances.messages.ts";
import { MoneyOutTask } from "../balances/money-out-task.tsx";
import { taskScreenMessages as m } from "../kit/task-screen.messages.ts";
import { useTaskExit } from "../kit/task-screen.tsx";

const component = "entry-point-edit-payout-schedule";

export default function EntryPointEditPayoutSchedule(props: ComponentViewProps) {
  const intl = useIntl();
  const emitEvent = useHostEvent();
  const exit = useTaskExit();
  return (
    <MoneyOutTask
      view={props}
      title={intl.formatMessage(balancesMessages.editSchedule)}
      task={({ data, components, view, finish }) =>
        sessionFeature(components, component, "edit_payout_schedule") ? (
          <ScheduleEditor
            schedule={data.schedule}
            view={view}
            startOpen
            onCancel={() => exit(false)}
            onSaved={(saved) => {
              finish(intl.formatMessage(m.scheduleSaved));
              emitEvent("payoutschedulechanged", { interval: saved.interval });
            }}
          />
        ) : null
      }
    />
  );
}
