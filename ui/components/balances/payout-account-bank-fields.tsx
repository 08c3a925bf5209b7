/**
 * The bank fields of the payout account's details step, by the chosen country's format: a US
 * routing and account number, an IBAN, or a CA (transit + institution), AU (BSB) or JP (bank
 * + branch code) routing number with its account number. Their own chunk, loaded when a person starts adding or
 * replacing a bank account (payout-account.tsx): the IBAN checks (`ibantools`) and the kit's
 * country-aware fields stay off the first paint of `balances`, `payouts` and
 * `instant-payouts` (issue 13).
 */
import { useIntl } from "react-intl";
import { payoutAccountPaths as paths } from "../../../machines/components/balances/payout-account.machine.ts";
import {
  type PayoutBankCountry,
  payoutBankCountries,
} from "../../../protocol/objects/external-account.schema.ts";
import {
  FormIbanField,
  FormLocalBankAccountField,
  FormUsBankAccountField,
  type FormView,
} from "../../kit/index.ts";
import { payoutAccountMessages as m } from "./payout-account.messages.ts";

export interface BankFieldsProps {
  form: FormView;
  country: PayoutBankCountry;
}

export default function PayoutAccountBankFields(props: BankFieldsProps) {
  const intl = useIntl();
  const format = payoutBankCountries[props.country].format;
  const pair = {
    form: props.form,
    label: intl.formatMessage(m.bankDetails),
    routingPath: paths.routing,
    accountPath: paths.account,
    required: true,
  };
  if (format === "routing") return <FormUsBankAccountField {...pair} />;
  return format !== "iban" ? (
    // Keyed by format: another country's parts start empty.
    <FormLocalBankAccountField key={format} {...pair} format={format} />
  ) : (
    <FormIbanField
      form={props.form}
      path={paths.account}
      label={intl.formatMessage(m.iban)}
      required
    />
  );
}
