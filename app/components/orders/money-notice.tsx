import { useSearchParams } from "react-router";
import { DeskNotice } from "~/components/desk/desk-card";
import { deskText } from "~/content/desk";

const text = deskText.orderMoney;

/**
 * What a money panel's last post did, from the query its action redirected with (unknown values say
 * nothing). A refusal that names an earlier payment (`&payment=<id>`) says its amount and day.
 */
export function MoneyNotice({
  panel,
  payments = [],
}: {
  panel: "payments" | "invoices";
  payments?: readonly { id: number; amount: string; day: string }[];
}) {
  const [params] = useSearchParams();
  const done = params.get(`${panel}-done`);
  const error = params.get(`${panel}-error`);
  const named = payments.find((payment) => String(payment.id) === params.get("payment"));
  if (error === "same-reference" && named)
    return <DeskNotice tone="error">{text.sameReference(named.amount, named.day)}</DeskNotice>;
  if (done && Object.hasOwn(text.done, done))
    return <DeskNotice tone="ok">{text.done[done as keyof typeof text.done]}</DeskNotice>;
  if (error && Object.hasOwn(text.errors, error))
    return <DeskNotice tone="error">{text.errors[error as keyof typeof text.errors]}</DeskNotice>;
  return null;
}
